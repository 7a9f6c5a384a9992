import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { AppRoute } from '../../app/routes';
import type { MenuGroupView } from './menu-model';
import { SecondAside } from './SecondAside';

const Icon = () => <svg data-testid="entry-icon" />;
const entry = (path: string, title: string, order: number) =>
  ({ path, title, menu: { group: 'home', icon: Icon, order } }) as unknown as AppRoute;

const group = {
  key: 'home',
  label: '首页',
  icon: Icon,
  status: 'ready',
  entries: [entry('/home', '工作台', 1), entry('/ticket', '发票穿透', 2), entry('/ticket/history', '发票穿透记录', 3)],
} as unknown as MenuGroupView;

describe('SecondAside', () => {
  it("lists the group's pages as menu items, marks the current one, and moves the focus with the arrow keys", () => {
    render(
      <MemoryRouter initialEntries={['/ticket']}>
        <SecondAside group={group} />
      </MemoryRouter>,
    );
    const items = screen.getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['工作台', '发票穿透', '发票穿透记录']);
    expect(items.map((item) => item.getAttribute('href'))).toEqual(['/home', '/ticket', '/ticket/history']);
    expect(items.map((item) => item.getAttribute('aria-current'))).toEqual([null, 'page', null]);
    expect(screen.getAllByTestId('entry-icon')).toHaveLength(3);

    const menu = screen.getByRole('menu');
    items[1]?.focus();
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(items[2]);
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(items[0]);
    fireEvent.keyDown(menu, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(items[2]);
    fireEvent.keyDown(menu, { key: 'Home' });
    expect(document.activeElement).toBe(items[0]);
    fireEvent.keyDown(menu, { key: 'End' });
    expect(document.activeElement).toBe(items[2]);
  });
});

import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { lazyIcon } from './lazy-icon';

describe('lazyIcon', () => {
  it('draws an icon-sized box with the menu class, then the icon with the same class, loading it once', async () => {
    let loads = 0;
    const Icon = lazyIcon(async () => {
      loads += 1;
      return { default: ({ className }: { className?: string }) => <svg data-testid="icon" className={className} /> };
    });
    const first = render(<Icon className="ant-menu-item-icon" />);
    const box = first.container.querySelector('span.anticon.ant-menu-item-icon');
    expect(box).not.toBeNull();
    expect((await screen.findByTestId('icon')).getAttribute('class')).toBe('ant-menu-item-icon');
    first.unmount();
    // Drawn again (another menu): straight away, without a second load.
    const second = render(<Icon />);
    expect(second.getByTestId('icon')).toBeTruthy();
    expect(loads).toBe(1);
  });
});

import { describe, expect, it } from 'vitest';
import type { AppRoute, MenuGroup } from '../../app/routes';
import { denied, makeUser } from '../../test-support/fixtures';
import { activeGroupKey, buildMenu } from './menu-model';

const Icon = () => null;
const lazy = async () => ({ Component: Icon });
const groups: MenuGroup[] = [
  { key: 'home', label: '首页', icon: Icon },
  { key: 'enablement', label: '赋能服务', icon: Icon },
  { key: 'company', label: '企业管理', icon: Icon },
];
const page = (path: string, group: MenuGroup['key'], order: number, extra: Partial<AppRoute> = {}): AppRoute => ({
  path,
  name: path,
  title: path,
  rank: 1,
  theme: 'light',
  lazy,
  menu: { group, icon: Icon, order },
  ...extra,
});

const routes: AppRoute[] = [
  page('/home', 'home', 1),
  page('/company/bindUser', 'company', 2, { permission: 'invite' }),
  page('/company/user', 'company', 1, { permission: ['firmManage', 'tissueArchitecture'] }),
];

describe('icon menu from the route table', () => {
  it('groups without pages are coming soon; pages are sorted by order', () => {
    const menu = buildMenu(groups, routes, makeUser());
    expect(menu.map((group) => [group.key, group.status])).toEqual([
      ['home', 'ready'],
      ['enablement', 'coming-soon'],
      ['company', 'ready'],
    ]);
    expect(menu[2]?.entries.map((route) => route.path)).toEqual(['/company/user', '/company/bindUser']);
  });

  it('hides pages the user lacks, and a group whose pages are all denied', () => {
    const partly = buildMenu(groups, routes, makeUser({ level: 2, notMenus: denied('tissueArchitecture') }));
    expect(partly.find((group) => group.key === 'company')?.entries.map((route) => route.path)).toEqual([
      '/company/bindUser',
    ]);
    const none = buildMenu(groups, routes, makeUser({ level: 3, notMenus: denied('firmManage', 'invite') }));
    expect(none.map((group) => group.key)).toEqual(['home', 'enablement']);
  });

  it('highlights the current page group, else the first ready group', () => {
    const menu = buildMenu(groups, routes, makeUser());
    expect(activeGroupKey(menu, routes[1])).toBe('company');
    expect(activeGroupKey(menu, undefined)).toBe('home');
    // A page outside the menu (a company's detail) keeps its group selected.
    const detail = { ...routes[1], path: '/company/firm', menu: undefined, activeGroup: 'company' as const };
    expect(activeGroupKey(menu, detail as (typeof routes)[number])).toBe('company');
  });
});

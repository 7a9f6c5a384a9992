import { describe, expect, it } from 'vitest';
import { canSeeRoute, decideAccess } from '../../app/guards';
import { ROUTES } from '../../app/routes';
import { denied, makeUser } from '../../test-support/fixtures';
import { dataViewRoutes } from './routes';

const at = (pathname: string) => ({ pathname, search: '' });
const withService = (auth: number, overrides: Parameters<typeof makeUser>[0] = {}) =>
  makeUser({ ...overrides, serviceRights: { dataPriceAuth: auth, invoicePriceAuth: 0, mindPriceAuth: 0 } });
const route = (path: string) => {
  const found = dataViewRoutes.find((entry) => entry.path === path);
  if (!found) throw new Error(`no route ${path}`);
  return found;
};

/** Spec §2: the fourteen data-view pages, dark, with two guide pages. */
const SPEC_PATHS = [
  '/data-view/industry',
  '/data-view/monitor',
  '/data-view/monitor/history',
  '/data-view/user',
  '/data-view/company-detail',
  '/data-view/company-risk',
  '/data-view/company-search',
  '/data-view/map-search',
  '/data-view/company-list',
  '/data-view/policy',
  '/data-view/policy/detail',
  '/data-view/product',
  '/data-view/abnormal',
  '/data-view/business_opportunity',
];

describe('data-view routes', () => {
  it('registers the 14 spec pages and both guide pages in the route table, all dark', () => {
    const paths = ROUTES.filter((entry) => entry.path.startsWith('/data-view/')).map((entry) => entry.path);
    expect([...paths].sort()).toEqual([...SPEC_PATHS].sort());
    for (const path of [...SPEC_PATHS, '/guide-page/data-view', '/guide-page/data-view2']) {
      expect(ROUTES.find((entry) => entry.path === path)?.theme).toBe('dark');
    }
    expect(ROUTES.find((entry) => entry.path === '/data-view/monitor')?.name).toBe('DataViewMonitor');
    expect(ROUTES.find((entry) => entry.path === '/guide-page/data-view')?.name).toBe('GuidePageDataView');
  });

  it('dataPriceAuth 0 goes to the guide page, 2 to the second guide, 1 opens the page', () => {
    for (const path of SPEC_PATHS) {
      expect(decideAccess(route(path), withService(0), at(path))).toEqual({
        kind: 'redirect',
        to: '/guide-page/data-view',
      });
      expect(decideAccess(route(path), withService(2), at(path))).toEqual({
        kind: 'redirect',
        to: '/guide-page/data-view2',
      });
      expect(decideAccess(route(path), withService(1), at(path))).toEqual({ kind: 'allow' });
    }
  });

  it('industry, monitoring and client analysis need their own permission keys', () => {
    const cases = [
      ['/data-view/industry', 'industryAnalyze'],
      ['/data-view/monitor', 'monitoringAnalyze'],
      ['/data-view/monitor/history', 'monitoringAnalyze'],
      ['/data-view/user', 'clientAnalyze'],
    ] as const;
    for (const [path, key] of cases) {
      const staff = withService(1, { level: 3, notMenus: denied(key) });
      expect(decideAccess(route(path), staff, at(path))).toEqual({ kind: 'redirect', to: '/404' });
      expect(decideAccess(route(path), withService(1, { level: 3 }), at(path))).toEqual({ kind: 'allow' });
    }
  });

  it('the menu keeps the three analysis entries when the service is not bought (they lead to the guide)', () => {
    const menu = dataViewRoutes.filter((entry) => entry.menu);
    expect(menu.map((entry) => entry.path)).toEqual(['/data-view/industry', '/data-view/monitor', '/data-view/user']);
    for (const entry of menu) {
      expect(canSeeRoute(entry, withService(0))).toBe(true);
      expect(canSeeRoute(entry, withService(1))).toBe(true);
    }
    expect(canSeeRoute(route('/data-view/user'), withService(1, { level: 2, notMenus: denied('clientAnalyze') }))).toBe(
      false,
    );
  });
});

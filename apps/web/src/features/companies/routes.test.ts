import { describe, expect, it } from 'vitest';
import { canSeeRoute, decideAccess, type GuardRoute } from '../../app/guards';
import { BLANK_RANK } from '../../app/route-types';
import { denied, makeUser } from '../../test-support/fixtures';
import { companiesRoutes } from './routes';

function route(path: string): GuardRoute {
  const found = companiesRoutes.find((entry) => entry.path === path);
  if (!found) throw new Error(`no route ${path}`);
  return found;
}

const at = (pathname: string, search = '') => ({ pathname, search });

describe('company pages in the route table', () => {
  it('/company/list and /company/firm need firmManage; staff may open them', () => {
    for (const path of ['/company/list', '/company/firm']) {
      expect(decideAccess(route(path), makeUser({ level: 3 }), at(path))).toEqual({ kind: 'allow' });
      expect(decideAccess(route(path), makeUser({ level: 3, notMenus: denied('firmManage') }), at(path))).toEqual({
        kind: 'redirect',
        to: '/404',
      });
    }
  });

  it('/company/bindUser needs firmManage and invite, and is in the 企业管理 menu', () => {
    const bindUser = route('/company/bindUser');
    expect(canSeeRoute(bindUser, makeUser({ level: 2 }))).toBe(true);
    expect(canSeeRoute(bindUser, makeUser({ level: 2, notMenus: denied('invite') }))).toBe(false);
    expect(companiesRoutes.filter((entry) => entry.menu).map((entry) => [entry.path, entry.menu?.group])).toEqual([
      ['/company/list', 'company'],
      ['/company/bindUser', 'company'],
    ]);
  });

  it('the share pages are public, in the blank layout, and open to a guest', () => {
    for (const path of ['/share/bind', '/share/upload']) {
      const share = route(path);
      expect(share.public).toBe(true);
      expect(share.rank).toBe(BLANK_RANK);
      expect(decideAccess(share, null, at(path, '?token=x'))).toEqual({ kind: 'allow' });
      // A signed-in user opening a client's link sees the same page.
      expect(decideAccess(share, makeUser(), at(path, '?token=x'))).toEqual({ kind: 'allow' });
    }
  });
});

import { describe, expect, it } from 'vitest';
import { canSeeRoute, decideAccess, type GuardRoute } from '../../app/guards';
import { denied, makeUser } from '../../test-support/fixtures';
import { accountsRoutes, COMPANY_DETAIL_ROUTE_NAME, COMPANY_USER_ROUTE_NAME } from './routes';

function route(name: string): GuardRoute {
  const found = accountsRoutes.find((entry) => entry.name === name);
  if (!found) throw new Error(`no route ${name}`);
  return found;
}

const at = (pathname: string, search = '') => ({ pathname, search });
const companyUser = route(COMPANY_USER_ROUTE_NAME);
const companyDetail = route(COMPANY_DETAIL_ROUTE_NAME);

describe('account pages in the route table (spec §6)', () => {
  it('/company/user: main account and supervisors with firmManage and tissueArchitecture; never staff', () => {
    expect(decideAccess(companyUser, makeUser(), at('/company/user'))).toEqual({ kind: 'allow' });
    expect(decideAccess(companyUser, makeUser({ level: 2 }), at('/company/user'))).toEqual({ kind: 'allow' });
    expect(decideAccess(companyUser, makeUser({ level: 3 }), at('/company/user'))).toEqual({
      kind: 'redirect',
      to: '/404',
    });
    const supervisor = makeUser({ level: 2, notMenus: denied('tissueArchitecture') });
    expect(canSeeRoute(companyUser, supervisor)).toBe(false);
    expect(canSeeRoute(companyUser, makeUser({ level: 3 }))).toBe(false);
    expect(decideAccess(companyUser, makeUser({ level: 3 }), at('/company/user', '?reload=1'))).toEqual({
      kind: 'deny-warning',
    });
  });

  it('/company/detail is the one page open to a user without an account subject', () => {
    const loner = makeUser({ isGroup: 0, groupId: null, groupName: null });
    expect(decideAccess(companyDetail, loner, at('/company/detail'))).toEqual({ kind: 'allow' });
    expect(companyDetail.allowNoGroup).toBe(true);
    expect(accountsRoutes.filter((entry) => entry.allowNoGroup)).toHaveLength(1);
  });

  it('/company/detail needs firmManage and mainBodyInfo below the main account', () => {
    const staff = makeUser({ level: 3, notMenus: [{ type: 1, permission: 'mainBodyInfo' }] });
    expect(decideAccess(companyDetail, staff, at('/company/detail'))).toEqual({ kind: 'redirect', to: '/404' });
    expect(decideAccess(companyDetail, makeUser({ level: 3 }), at('/company/detail'))).toEqual({ kind: 'allow' });
  });

  it('a page like /ticket/jianwei is hidden unless level 1 or permitted (the same table mechanism)', () => {
    const jianwei: GuardRoute = { path: '/ticket/jianwei', rank: 1, permission: 'invoiceCheck' };
    expect(canSeeRoute(jianwei, makeUser({ level: 1, notMenus: denied('invoiceCheck') }))).toBe(true);
    expect(canSeeRoute(jianwei, makeUser({ level: 3 }))).toBe(true);
    expect(canSeeRoute(jianwei, makeUser({ level: 3, notMenus: denied('invoiceCheck') }))).toBe(false);
    expect(canSeeRoute(jianwei, makeUser({ level: 2, notMenus: denied('invoiceCheck') }))).toBe(false);
  });
});

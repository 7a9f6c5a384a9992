import { describe, expect, it } from 'vitest';
import { denied, makeUser } from '../test-support/fixtures';
import { canSeeRoute, decideAccess, type GuardRoute, loginRedirectFor, safeRedirect } from './guards';
import { BLANK_RANK, LOGIN_RANK } from './routes';

const home: GuardRoute = { path: '/home', rank: 1 };
const login: GuardRoute = { path: '/login', rank: LOGIN_RANK, public: true };
const share: GuardRoute = { path: '/share/bind', rank: BLANK_RANK, public: true };
const riskReport: GuardRoute = { path: '/risk/report', rank: 1, permission: 'nsfw' };
const companyUsers: GuardRoute = { path: '/company/user', rank: 1, permission: ['firmManage', 'tissueArchitecture'] };
const bindSubject: GuardRoute = { path: '/bind-subject', rank: 1, allowNoGroup: true };
const watermark: GuardRoute = {
  path: '/watermark',
  rank: 1,
  condition: (user) => (user.reportConfigPermission === 1 ? true : '/404'),
};

const at = (pathname: string, search = '') => ({ pathname, search });

describe('guard decisions (spec §6)', () => {
  it('public routes are open to everyone', () => {
    expect(decideAccess(share, null, at('/share/bind'))).toEqual({ kind: 'allow' });
    expect(decideAccess(share, makeUser(), at('/share/bind'))).toEqual({ kind: 'allow' });
    expect(decideAccess(login, null, at('/login'))).toEqual({ kind: 'allow' });
  });

  it('a signed-in user who opens the login page goes home', () => {
    expect(decideAccess(login, makeUser(), at('/login'))).toEqual({ kind: 'redirect', to: '/home' });
  });

  it('not signed in goes to /login, remembering where the user wanted to go', () => {
    expect(decideAccess(riskReport, null, at('/risk/report', '?id=3'))).toEqual({
      kind: 'redirect',
      to: '/login?redirect=%2Frisk%2Freport%3Fid%3D3',
    });
    expect(decideAccess(home, null, at('/home'))).toEqual({ kind: 'redirect', to: '/login' });
  });

  it('a signed-in user without an account subject is not let in (logged out by the loader)', () => {
    const loner = makeUser({ isGroup: 0, groupId: null, groupName: null });
    expect(decideAccess(home, loner, at('/home'))).toEqual({ kind: 'not-group' });
    expect(decideAccess(bindSubject, loner, at('/bind-subject'))).toEqual({ kind: 'allow' });
  });

  it('level 1 passes every permission even when notMenus lists it', () => {
    const main = makeUser({ level: 1, notMenus: denied('nsfw') });
    expect(decideAccess(riskReport, main, at('/risk/report'))).toEqual({ kind: 'allow' });
  });

  it('levels 2 and 3 are sent to /404 for a denied permission', () => {
    const staff = makeUser({ level: 3, notMenus: denied('nsfw') });
    expect(decideAccess(riskReport, staff, at('/risk/report'))).toEqual({ kind: 'redirect', to: '/404' });
    expect(decideAccess(home, staff, at('/home'))).toEqual({ kind: 'allow' });
    const supervisor = makeUser({ level: 2, notMenus: [] });
    expect(decideAccess(riskReport, supervisor, at('/risk/report'))).toEqual({ kind: 'allow' });
  });

  it('with the reload flag a denied permission warns instead of going to /404', () => {
    const staff = makeUser({ level: 3, notMenus: denied('nsfw') });
    expect(decideAccess(riskReport, staff, at('/risk/report', '?reload=1'))).toEqual({ kind: 'deny-warning' });
  });

  it('a route with several keys needs all of them', () => {
    const supervisor = makeUser({ level: 2, notMenus: denied('tissueArchitecture') });
    expect(decideAccess(companyUsers, supervisor, at('/company/user'))).toEqual({ kind: 'redirect', to: '/404' });
    expect(decideAccess(companyUsers, makeUser({ level: 2 }), at('/company/user'))).toEqual({ kind: 'allow' });
  });

  it('route conditions redirect where they say', () => {
    expect(decideAccess(watermark, makeUser({ reportConfigPermission: 0 }), at('/watermark'))).toEqual({
      kind: 'redirect',
      to: '/404',
    });
    expect(decideAccess(watermark, makeUser(), at('/watermark'))).toEqual({ kind: 'allow' });
  });

  it('a condition sending to a twin page keeps the query; others do not', () => {
    const twin: GuardRoute = { path: '/policy', rank: 61, conditionKeepsQuery: true, condition: () => '/policy2' };
    expect(decideAccess(twin, makeUser(), at('/policy', '?keyword=a&page=2'))).toEqual({
      kind: 'redirect',
      to: '/policy2?keyword=a&page=2',
    });
    const noPermission = makeUser({ reportConfigPermission: 0 });
    expect(decideAccess(watermark, noPermission, at('/watermark', '?x=1'))).toEqual({ kind: 'redirect', to: '/404' });
  });

  it('menu entries the user lacks are hidden', () => {
    const staff = makeUser({ level: 3, notMenus: denied('nsfw') });
    expect(canSeeRoute(riskReport, staff)).toBe(false);
    expect(canSeeRoute(home, staff)).toBe(true);
    expect(canSeeRoute(watermark, makeUser({ reportConfigPermission: 0 }))).toBe(false);
  });
});

describe('login redirects', () => {
  it('only same-site paths are followed after login', () => {
    expect(safeRedirect('/risk/report?id=3')).toBe('/risk/report?id=3');
    expect(safeRedirect(null)).toBe('/home');
    expect(safeRedirect('https://evil.example')).toBe('/home');
    expect(safeRedirect('//evil.example')).toBe('/home');
    expect(safeRedirect('/login?redirect=/home')).toBe('/home');
  });

  it('home and root need no redirect parameter', () => {
    expect(loginRedirectFor(at('/'))).toBe('/login');
    expect(loginRedirectFor(at('/my', '?tab=1'))).toBe('/login?redirect=%2Fmy%3Ftab%3D1');
  });
});

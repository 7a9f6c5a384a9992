import { LIMITS } from '@taxlens/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeUser } from '../test-support/fixtures';
import {
  clearSession,
  getToken,
  isRecordFresh,
  readSessionRecord,
  SESSION_RECORD_KEY,
  saveSession,
  startSession,
  TOKEN_COOKIE,
  tokenStore,
} from './session';

const NOW = Date.UTC(2026, 0, 5, 8, 0, 0);

function cookieValue(): string | null {
  const entry = document.cookie
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${TOKEN_COOKIE}=`));
  return entry ? decodeURIComponent(entry.slice(TOKEN_COOKIE.length + 1)) : null;
}

beforeEach(() => {
  clearSession();
  tokenStore.set(null);
});

describe('session storage (spec §4)', () => {
  it('login stores the token in a cookie and the user record in sessionStorage, with a timestamp', () => {
    const user = makeUser({ userToken: 'tok-A' });
    saveSession(user, NOW);
    expect(JSON.parse(cookieValue() ?? '{}')).toMatchObject({ token: 'tok-A', userId: 1, savedAt: NOW });
    expect(readSessionRecord()).toEqual({ token: 'tok-A', user, savedAt: NOW });
    expect(getToken()).toBe('tok-A');
  });

  it('a record under 5 minutes old is kept at start and its user is used at once', () => {
    saveSession(makeUser({ userToken: 'tok-B' }), NOW);
    tokenStore.set(null);
    const started = startSession(NOW + LIMITS.tokenRecordExpiryMs - 1);
    expect(started.token).toBe('tok-B');
    expect(started.user?.nickName).toBe('张主账号');
    expect(started.savedAt).toBe(NOW);
    expect(getToken()).toBe('tok-B');
  });

  it('a record older than 5 minutes is cleared at start; the cookie token is re-validated', () => {
    saveSession(makeUser({ userToken: 'tok-C' }), NOW);
    const started = startSession(NOW + LIMITS.tokenRecordExpiryMs + 1);
    expect(sessionStorage.getItem(SESSION_RECORD_KEY)).toBeNull();
    expect(started.user).toBeNull();
    expect(started.token).toBe('tok-C');
  });

  it('a record whose token differs from the cookie is dropped', () => {
    saveSession(makeUser({ userToken: 'tok-old' }), NOW);
    const record = readSessionRecord();
    saveSession(makeUser({ userToken: 'tok-new' }), NOW);
    sessionStorage.setItem(SESSION_RECORD_KEY, JSON.stringify(record));
    const started = startSession(NOW + 1000);
    expect(started.user).toBeNull();
    expect(started.token).toBe('tok-new');
  });

  it('a record with a timestamp in the future is not trusted', () => {
    expect(isRecordFresh({ savedAt: NOW + 60_000 }, NOW)).toBe(false);
    expect(isRecordFresh({ savedAt: NOW }, NOW)).toBe(true);
  });

  it('nothing stored means signed out', () => {
    expect(startSession(NOW)).toEqual({ token: null, user: null, savedAt: 0 });
  });

  it('logout storage cleanup removes the cookie, the token and everything in sessionStorage', () => {
    saveSession(makeUser(), NOW);
    sessionStorage.setItem('other', 'x');
    clearSession();
    expect(cookieValue()).toBeNull();
    expect(sessionStorage.length).toBe(0);
    expect(getToken()).toBeNull();
    expect(startSession(NOW).token).toBeNull();
  });

  it('ignores a corrupted record', () => {
    sessionStorage.setItem(SESSION_RECORD_KEY, '{not json');
    expect(readSessionRecord()).toBeNull();
    expect(startSession(NOW).user).toBeNull();
  });
});

import { LIMITS, type SessionUser } from '@taxlens/shared';
import { createStore } from './store';

/**
 * Session storage of spec §4: the token lives in a cookie (shared by the browser's tabs) and a
 * record { token, user, savedAt } in sessionStorage. A record older than 5 minutes is cleared at
 * start, after which the app re-validates the token with findUserLoginInfo.
 */
export const TOKEN_COOKIE = 'taxlens_token';
export const SESSION_RECORD_KEY = 'taxlens.session';

export interface SessionRecord {
  token: string;
  user: SessionUser;
  savedAt: number;
}

interface TokenCookie {
  token: string;
  userId: number;
  savedAt: number;
}

export const tokenStore = createStore<string | null>(null);

function readCookie(name: string): string | null {
  const prefix = `${name}=`;
  for (const part of document.cookie.split(';')) {
    const trimmed = part.trim();
    if (trimmed.startsWith(prefix)) return decodeURIComponent(trimmed.slice(prefix.length));
  }
  return null;
}

function writeCookie(name: string, value: string | null): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every supported browser.
  document.cookie =
    value === null
      ? `${name}=; Path=/; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Lax${secure}`
      : `${name}=${encodeURIComponent(value)}; Path=/; SameSite=Lax${secure}`;
}

function parseJson<T>(raw: string | null): T | null {
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

function readTokenCookie(): TokenCookie | null {
  const cookie = parseJson<TokenCookie>(readCookie(TOKEN_COOKIE));
  return cookie && typeof cookie.token === 'string' && cookie.token.length > 0 ? cookie : null;
}

export function readSessionRecord(): SessionRecord | null {
  const record = parseJson<SessionRecord>(sessionStorage.getItem(SESSION_RECORD_KEY));
  if (!record || typeof record.token !== 'string' || typeof record.savedAt !== 'number' || !record.user) return null;
  return record;
}

export function isRecordFresh(record: { savedAt: number }, now = Date.now()): boolean {
  const age = now - record.savedAt;
  return age >= 0 && age <= LIMITS.tokenRecordExpiryMs;
}

/**
 * Reads the stored session at start. Returns the token to use and the user snapshot when the
 * record is fresh (under 5 minutes and for the same token); a stale record is removed.
 */
export function startSession(now = Date.now()): { token: string | null; user: SessionUser | null; savedAt: number } {
  const cookie = readTokenCookie();
  const record = readSessionRecord();
  if (record && (!isRecordFresh(record, now) || (cookie && cookie.token !== record.token))) {
    sessionStorage.removeItem(SESSION_RECORD_KEY);
  }
  const fresh = readSessionRecord();
  const token = cookie?.token ?? fresh?.token ?? null;
  tokenStore.set(token);
  return { token, user: fresh?.user ?? null, savedAt: fresh?.savedAt ?? 0 };
}

/** Stores the signed-in user and token (after login, and after each re-validation). */
export function saveSession(user: SessionUser, now = Date.now()): void {
  const record: SessionRecord = { token: user.userToken, user, savedAt: now };
  const cookie: TokenCookie = { token: user.userToken, userId: user.userId, savedAt: now };
  writeCookie(TOKEN_COOKIE, JSON.stringify(cookie));
  sessionStorage.setItem(SESSION_RECORD_KEY, JSON.stringify(record));
  tokenStore.set(user.userToken);
}

export function getToken(): string | null {
  return tokenStore.get();
}

/** Removes the token cookie and everything in sessionStorage (spec §4 logout). */
export function clearSession(): void {
  writeCookie(TOKEN_COOKIE, null);
  sessionStorage.clear();
  tokenStore.set(null);
}

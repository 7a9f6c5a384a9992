import { createHash, randomBytes } from 'node:crypto';

/** An unguessable token for sessions, share links and downloads; only its hash is stored. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

/**
 * Session tokens carry the installation they were issued by: `<random>.<tag>`, the tag derived
 * from a secret stored once per database. A token of another installation (a test environment's
 * against production, say) or of no known shape is told apart from a merely expired one, so the
 * client can answer 非法请求 (spec §8) instead of 登录信息已失效.
 */
export function newSessionToken(installationTag: string): string {
  return `${newToken()}.${installationTag}`;
}

const TAGGED = /^[A-Za-z0-9_-]{43}\.[A-Za-z0-9_-]{8}$/;

/**
 * Whether a presented session token was issued by another installation: well formed, with another
 * installation's tag. Anything else (ours, one issued before tags existed, or garbage) is looked up
 * as usual and, if unknown, is a plain invalid session.
 */
export function isForeignToken(token: string, installationTag: string): boolean {
  return TAGGED.test(token) && !token.endsWith(`.${installationTag}`);
}

export function tagOf(secret: string): string {
  return createHash('sha256').update(`installation:${secret}`).digest('base64url').slice(0, 8);
}

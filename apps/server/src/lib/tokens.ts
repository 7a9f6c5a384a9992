import { createHash, randomBytes } from 'node:crypto';

/** An unguessable token for sessions, share links and downloads; only its hash is stored. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

import type { SessionUser } from '@taxlens/shared';
import { safeRedirect } from '../../app/guards';
import { BINDING_PATH } from '../../app/route-types';

/**
 * Where to go after signing in or up: a user without an account subject goes to bind one
 * (every other page would log them out, spec §6); the others where they wanted to go.
 */
export function landingPathFor(user: SessionUser, redirect: string | null): string {
  return user.isGroup === 0 ? BINDING_PATH : safeRedirect(redirect);
}

import type { SessionUser } from '@taxlens/shared';
import { safeRedirect } from '../../app/guards';
import { HOME_PATH, ROUTES } from '../../app/routes';

/** The page a user without an account subject may open: the one route that allows it (binding). */
export function bindingPath(): string {
  return ROUTES.find((route) => route.allowNoGroup && !route.public)?.path ?? HOME_PATH;
}

/**
 * Where to go after signing in or up: a user without an account subject goes to bind one
 * (every other page would log them out, spec §6); the others where they wanted to go.
 */
export function landingPathFor(user: SessionUser, redirect: string | null): string {
  return user.isGroup === 0 ? bindingPath() : safeRedirect(redirect);
}

import { accessAllows, type SessionUser } from '@taxlens/shared';
import { type AppRoute, HOME_PATH, LOGIN_PATH, LOGIN_RANK, NOT_FOUND_PATH } from './route-types';

/**
 * The guard decisions of spec §6 as one pure function, so they are tested without a browser.
 * The server enforces the same permissions on every call; these guards are convenience.
 */
export type GuardDecision =
  | { kind: 'allow' }
  | { kind: 'redirect'; to: string }
  /** A signed-in user without an account subject (isGroup 0). */
  | { kind: 'not-group' }
  /** No permission and the reload flag set: warn (提示) instead of going to /404. */
  | { kind: 'deny-warning' };

export type GuardRoute = Pick<
  AppRoute,
  'path' | 'permission' | 'levels' | 'public' | 'rank' | 'allowNoGroup' | 'condition' | 'conditionKeepsQuery'
>;

/** Guide pages of services not bought (spec §2): /guide-page/data-view, /guide-page/mind-map, … */
export const GUIDE_PREFIX = '/guide-page/';

/** Query flag of a navigation that should warn rather than show /404 when permission is missing. */
export const RELOAD_FLAG = 'reload';

export function loginRedirectFor(location: { pathname: string; search: string }): string {
  const target = `${location.pathname}${location.search}`;
  if (location.pathname === HOME_PATH || location.pathname === '/') return LOGIN_PATH;
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(target)}`;
}

/** Where to go after signing in: only same-site paths, never back to the login page. */
export function safeRedirect(raw: string | null): string {
  if (!raw?.startsWith('/') || raw.startsWith('//') || raw.startsWith(LOGIN_PATH)) return HOME_PATH;
  return raw;
}

export function decideAccess(
  route: GuardRoute,
  user: SessionUser | null,
  location: { pathname: string; search: string },
): GuardDecision {
  if (route.public) {
    // The login layout is for guests; a signed-in user goes to the home page instead.
    if (user && route.rank === LOGIN_RANK) return { kind: 'redirect', to: HOME_PATH };
    return { kind: 'allow' };
  }
  if (!user) return { kind: 'redirect', to: loginRedirectFor(location) };
  if (user.isGroup === 0 && !route.allowNoGroup) return { kind: 'not-group' };
  // The same decision as the server's route guard (packages/shared accessAllows).
  if (!accessAllows(user, route)) {
    const reload = new URLSearchParams(location.search).has(RELOAD_FLAG);
    return reload ? { kind: 'deny-warning' } : { kind: 'redirect', to: NOT_FOUND_PATH };
  }
  const condition = route.condition?.(user) ?? true;
  if (condition !== true) {
    const to = route.conditionKeepsQuery && !condition.includes('?') ? `${condition}${location.search}` : condition;
    return { kind: 'redirect', to };
  }
  return { kind: 'allow' };
}

/** Whether a menu entry is shown to this user (entries the user lacks are hidden, spec §6). */
export function canSeeRoute(route: GuardRoute, user: SessionUser): boolean {
  if (!accessAllows(user, route)) return false;
  const condition = route.condition?.(user) ?? true;
  // A page that sends the user to its guide page (service not bought) stays in the menu: the guide
  // is where the user learns about it (spec §6, level 1 is allowed on routes with a guide page).
  return condition === true || condition.startsWith(GUIDE_PREFIX);
}

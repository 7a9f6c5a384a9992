import type { SessionUser } from '@taxlens/shared';
import { canSeeRoute } from '../../app/guards';
import type { AppRoute, MenuGroup, MenuGroupKey } from '../../app/routes';

export interface MenuGroupView extends MenuGroup {
  /** 'coming-soon': no page of the group exists yet (disabled, tooltip 即将上线). */
  status: 'ready' | 'coming-soon';
  /** The group's pages this user may open, in menu order. */
  entries: AppRoute[];
}

/**
 * The left icon menu from the route table: a group with pages the user may open is ready; a
 * group whose pages do not exist yet is coming soon; a group whose pages are all denied is hidden.
 */
export function buildMenu(
  groups: readonly MenuGroup[],
  routes: readonly AppRoute[],
  user: SessionUser,
): MenuGroupView[] {
  return groups.flatMap((group): MenuGroupView[] => {
    const pages = routes.filter((route) => route.menu?.group === group.key);
    if (pages.length === 0) return [{ ...group, status: 'coming-soon', entries: [] }];
    const entries = pages
      .filter((route) => canSeeRoute(route, user) && (route.menu?.levels?.includes(user.level) ?? true))
      .sort((a, b) => (a.menu?.order ?? 0) - (b.menu?.order ?? 0));
    return entries.length > 0 ? [{ ...group, status: 'ready', entries }] : [];
  });
}

/** The group to highlight: the current page's own, else the first ready group. */
export function activeGroupKey(
  menu: readonly MenuGroupView[],
  current: AppRoute | undefined,
): MenuGroupKey | undefined {
  // A page's own group only when this user's menu has it (a user without company pages keeps home).
  const parent = menu.some((group) => group.key === current?.activeGroup) ? current?.activeGroup : undefined;
  return current?.menu?.group ?? parent ?? menu.find((group) => group.status === 'ready')?.key;
}

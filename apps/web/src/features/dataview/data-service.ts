import type { SessionUser } from '@taxlens/shared';

export const GUIDE_DATA_VIEW = '/guide-page/data-view';
export const GUIDE_DATA_VIEW2 = '/guide-page/data-view2';

/**
 * Spec §6: data-view pages need the group's data service (serviceRights.dataPriceAuth 1); 0 (not
 * bought) goes to the guide page, 2 (expired or paused) to the second guide. Used as the route
 * condition of every /data-view page; the server refuses the calls the same way.
 */
export function dataService(user: SessionUser): true | string {
  const auth = user.serviceRights.dataPriceAuth;
  if (auth === 1) return true;
  return auth === 2 ? GUIDE_DATA_VIEW2 : GUIDE_DATA_VIEW;
}

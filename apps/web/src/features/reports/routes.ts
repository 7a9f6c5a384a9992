import type { AppRoute } from '../../app/route-types';

/** Pages of this feature, joined into the route table by app/routes.tsx. */
export const reportsRoutes: readonly AppRoute[] = [];

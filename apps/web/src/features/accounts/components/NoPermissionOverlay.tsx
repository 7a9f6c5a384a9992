import { lazy, Suspense } from 'react';
import { useCurrentRoute } from '../../../app/useCurrentRoute';
import { useSessionUser } from '../../auth/queries';
import { needsUsageRight } from '../overlay-rule';

/** The route of the top-up page, once the billing feature adds it. */
const PAY_ROUTE_NAME = 'Pay';

// Its own chunk: antd's Result and Modal stay off the first screen of users who have a usage right.
const NoPermissionDialog = lazy(() =>
  import('./NoPermissionDialog').then((module) => ({ default: module.NoPermissionDialog })),
);

/**
 * The no-permission overlay of spec §2, mounted once in the main layout: a user without a usage
 * right sees it above every page except the top-up page, with 退出登录 and 去购买.
 */
export function NoPermissionOverlay() {
  const user = useSessionUser();
  const current = useCurrentRoute();
  const open = user !== undefined && needsUsageRight(user) && current?.name !== PAY_ROUTE_NAME;
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <NoPermissionDialog payRouteName={PAY_ROUTE_NAME} />
    </Suspense>
  );
}

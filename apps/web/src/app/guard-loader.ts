import { type LoaderFunction, redirect } from 'react-router';
import { logout } from '../features/auth/logout';
import { resolveSessionUser } from '../features/auth/session-user';
import { feedback } from '../lib/feedback';
import { currentLocation } from '../lib/navigation';
import { t } from '../locales';
import { decideAccess } from './guards';
import { type AppRoute, BINDING_PATH, HOME_PATH, LOGIN_PATH } from './route-types';

/**
 * A signed-in user without an account subject opened a page other than the binding page (the
 * route with allowNoGroup, where sign-in and sign-up send them). Spec §6: logged out. Only a
 * click away from the binding page itself keeps them there with the warning, so the one page
 * they may use stays reachable. Returns where to go.
 */
export async function handleNotGroupUser(): Promise<string> {
  feedback.warning(t('errors.notGroupUser'), 3);
  const shown = currentLocation();
  if (shown && new URL(shown, window.location.origin).pathname === BINDING_PATH) return shown;
  await logout({ mode: 'none' });
  return LOGIN_PATH;
}

/** The loader every page of the route table gets: it runs the guard before the page renders. */
export function guardLoader(route: AppRoute): LoaderFunction {
  return async ({ request }) => {
    const url = new URL(request.url);
    const user = await resolveSessionUser();
    const decision = decideAccess(route, user, url);
    switch (decision.kind) {
      case 'allow':
        return null;
      case 'redirect':
        return redirect(decision.to);
      case 'not-group':
        return redirect(await handleNotGroupUser());
      case 'deny-warning':
        feedback.alert(t('errors.noPermissionTitle'), t('errors.noPermission'));
        // Stay where the user was; on a first load there is no such page, so go home.
        return redirect(currentLocation() ?? HOME_PATH);
    }
  };
}

import { type LoaderFunction, redirect } from 'react-router';
import { logout } from '../features/auth/logout';
import { resolveSessionUser } from '../features/auth/session-user';
import { feedback } from '../lib/feedback';
import { currentLocation } from '../lib/navigation';
import { t } from '../locales';
import { decideAccess } from './guards';
import { type AppRoute, HOME_PATH, LOGIN_PATH } from './routes';

/**
 * A signed-in user without an account subject. Spec §6: logged out. The account-subject binding
 * page (later issue) replaces this with a redirect to that page, whose route sets allowNoGroup.
 */
export async function handleNotGroupUser(): Promise<void> {
  feedback.warning(t('errors.notGroupUser'), 3);
  await logout({ mode: 'none' });
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
        await handleNotGroupUser();
        return redirect(LOGIN_PATH);
      case 'deny-warning':
        feedback.alert(t('errors.noPermissionTitle'), t('errors.noPermission'));
        // Stay where the user was; on a first load there is no such page, so go home.
        return redirect(currentLocation() ?? HOME_PATH);
    }
  };
}

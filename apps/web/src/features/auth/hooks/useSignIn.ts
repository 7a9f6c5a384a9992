import { useNavigate, useSearchParams } from 'react-router';
import type { CodeLogin, PasswordLogin } from '../api';
import { landingPathFor } from '../landing';
import { useLoginMutation } from '../queries';
import { signedIn } from '../session-user';

/**
 * Signing in with a password or an SMS code: the session is stored, then the user lands where the
 * guard sent them from (`?redirect=`) or on their home page. Rejects with the server's ApiError.
 */
export function useSignIn() {
  const login = useLoginMutation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const signIn = async (body: PasswordLogin | CodeLogin) => {
    const user = await login.mutateAsync(body);
    signedIn(user);
    navigate(landingPathFor(user, searchParams.get('redirect')), { replace: true });
  };
  return { signIn, pending: login.isPending };
}

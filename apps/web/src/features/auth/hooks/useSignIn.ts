import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { authApi, type CodeLogin, type PasswordLogin } from '../api';
import { landingPathFor } from '../landing';
import { signedIn } from '../session-user';

/**
 * Signing in with a password or an SMS code: the session is stored, then the user lands where the
 * guard sent them from (`?redirect=`) or on their home page. Rejects with the server's ApiError.
 * A plain call, not a react-query mutation: the sign-in screen does without react-query (issue 21).
 */
export function useSignIn() {
  const [pending, setPending] = useState(false);
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const signIn = async (body: PasswordLogin | CodeLogin) => {
    setPending(true);
    try {
      const user = await authApi.login(body);
      signedIn(user);
      navigate(landingPathFor(user, searchParams.get('redirect')), { replace: true });
    } finally {
      setPending(false);
    }
  };
  return { signIn, pending };
}

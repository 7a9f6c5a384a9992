import type { SessionUser } from '@taxlens/shared';
import { Button, Result, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { http, isApiError } from '../../../lib/http';
import { t } from '../../../locales';
import { landingPathFor } from '../../auth/landing';
import { signedIn } from '../../auth/session-user';

/**
 * /auvgo?code=…: sign-in from the partner platform. The code is used once (the server refuses a
 * replay), so it is sent once even when React runs the effect twice.
 */
export function PartnerSignInPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const code = params.get('code');
  const [error, setError] = useState<string | null>(code ? null : t('accounts.partnerSignIn.noCode'));
  const sent = useRef(false);

  useEffect(() => {
    if (!code || sent.current) return;
    sent.current = true;
    http
      .post<SessionUser>('/auvgo/login', { code }, { silent: true })
      .then((user) => {
        signedIn(user);
        navigate(landingPathFor(user, null), { replace: true });
      })
      .catch((caught: unknown) => setError(isApiError(caught) ? caught.msg : String(caught)));
  }, [code, navigate]);

  if (!error) {
    return (
      <Result icon={<Spin size="large" />} title={t('accounts.partnerSignIn.signingIn')} data-testid="partner-signin" />
    );
  }
  return (
    <Result
      status="warning"
      title={t('accounts.partnerSignIn.failed')}
      subTitle={error}
      data-testid="partner-signin-failed"
      extra={
        <Button type="primary" onClick={() => navigate('/login', { replace: true })}>
          {t('accounts.partnerSignIn.toLogin')}
        </Button>
      }
    />
  );
}

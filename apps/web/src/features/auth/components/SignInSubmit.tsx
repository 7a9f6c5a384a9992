import { Button } from 'antd';
import { lazy, type ReactNode, Suspense, useEffect } from 'react';

/**
 * antd's Alert only for the server's message, which most visits never see (issue 21). Its code is
 * fetched when a request starts (`pending`), so it is there by the time an answer needs it.
 */
const loadAlert = () => import('antd/es/alert');
const Alert = lazy(loadAlert);

interface SignInSubmitProps {
  /** The server's message that no field took. */
  error: string | null;
  pending: boolean;
  testId: string;
  /** Space above the button; the password form's 记住手机号 row already leaves it. */
  spaced?: boolean;
  children: ReactNode;
}

/** The foot of a sign-in screen's form: the server's message, then the full-width submit. */
export function SignInSubmit({ error, pending, testId, spaced = true, children }: SignInSubmitProps) {
  useEffect(() => {
    // A failed fetch is retried by lazy() when the message is shown.
    if (pending) loadAlert().catch(() => undefined);
  }, [pending]);
  return (
    <>
      {error && (
        <Suspense fallback={null}>
          <Alert className="tl-login-error" type="error" showIcon title={error} data-testid="login-error" />
        </Suspense>
      )}
      <Button
        type="primary"
        htmlType="submit"
        block
        className={spaced ? 'tl-login-submit' : undefined}
        loading={pending}
        data-testid={testId}
      >
        {children}
      </Button>
    </>
  );
}

import { Alert, Button } from 'antd';
import type { ReactNode } from 'react';

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
  return (
    <>
      {error && <Alert className="tl-login-error" type="error" showIcon title={error} data-testid="login-error" />}
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

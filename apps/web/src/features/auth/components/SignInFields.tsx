import { MobileOutlined } from '@ant-design/icons';
import { LIMITS, PHONE_RULE } from '@taxlens/shared';
import { Alert, Button, Form, Input } from 'antd';
import type { ReactNode } from 'react';
import { textRule } from '../../../lib/form-rules';
import { t } from '../../../locales';

/** The phone of the sign-in screens (sign in, code sign-in, register, reset): the browser's username. */
export function SignInPhoneField() {
  return (
    <Form.Item name="phone" rules={[textRule(PHONE_RULE)]} validateTrigger="onBlur">
      <Input
        prefix={<MobileOutlined />}
        placeholder={t('auth.phonePlaceholder')}
        maxLength={LIMITS.phoneLength}
        inputMode="numeric"
        autoComplete="username"
        allowClear
      />
    </Form.Item>
  );
}

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

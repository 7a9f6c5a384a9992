import { LockOutlined, MobileOutlined } from '@ant-design/icons';
import { LIMITS, passwordSchema, phoneSchema } from '@taxlens/shared';
import { Alert, Button, Checkbox, Form, Input } from 'antd';
import { useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { zodRule } from '../../../lib/form-rules';
import { isApiError } from '../../../lib/http';
import { t } from '../../../locales';
import { applyServerErrors } from '../form-errors';
import { landingPathFor } from '../landing';
import { useLoginMutation } from '../queries';
import { signedIn } from '../session-user';
import { type LoginNavigationState, loginModeHref } from './login-mode';
import { readRememberedPhone, rememberPhone } from './remembered-phone';

interface LoginValues {
  phone: string;
  pwd: string;
  remember: boolean;
}

const FORM_FIELDS = ['phone', 'pwd'];

/** Phone + password sign-in (spec §5 rules); server field errors go back onto their fields. */
export function LoginForm() {
  const [form] = Form.useForm<LoginValues>();
  const login = useLoginMutation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [serverError, setServerError] = useState<string | null>(null);
  const remembered = readRememberedPhone();
  const handedOver = (useLocation().state as LoginNavigationState | null)?.phone;

  const submit = async (values: LoginValues) => {
    setServerError(null);
    const phone = values.phone.trim();
    try {
      const user = await login.mutateAsync({ phone, pwd: values.pwd });
      rememberPhone(values.remember ? phone : null);
      signedIn(user);
      navigate(landingPathFor(user, searchParams.get('redirect')), { replace: true });
    } catch (error) {
      if (!isApiError(error)) throw error;
      if (!applyServerErrors(form, error, FORM_FIELDS)) setServerError(error.msg);
    }
  };

  return (
    <Form<LoginValues>
      form={form}
      layout="vertical"
      size="large"
      requiredMark={false}
      initialValues={{ phone: handedOver ?? remembered ?? '', pwd: '', remember: remembered !== null }}
      onFinish={submit}
      onValuesChange={() => serverError && setServerError(null)}
      data-testid="login-form"
    >
      <Form.Item name="phone" rules={[zodRule(phoneSchema)]} validateTrigger="onBlur">
        <Input
          prefix={<MobileOutlined />}
          placeholder={t('auth.phonePlaceholder')}
          maxLength={LIMITS.phoneLength}
          inputMode="numeric"
          autoComplete="username"
          allowClear
        />
      </Form.Item>
      <Form.Item name="pwd" rules={[zodRule(passwordSchema)]} validateTrigger="onBlur">
        <Input.Password
          prefix={<LockOutlined />}
          placeholder={t('auth.passwordPlaceholder')}
          maxLength={LIMITS.passwordMax}
          autoComplete="current-password"
        />
      </Form.Item>
      <div className="tl-login-options">
        <Form.Item name="remember" valuePropName="checked" noStyle>
          <Checkbox>{t('auth.rememberPhone')}</Checkbox>
        </Form.Item>
        <Link to={loginModeHref('reset', searchParams)} data-testid="forgot-password">
          {t('auth.forgotPassword')}
        </Link>
      </div>
      {serverError && (
        <Alert className="tl-login-error" type="error" showIcon title={serverError} data-testid="login-error" />
      )}
      <Button type="primary" htmlType="submit" block loading={login.isPending} data-testid="login-submit">
        {t('auth.submit')}
      </Button>
    </Form>
  );
}

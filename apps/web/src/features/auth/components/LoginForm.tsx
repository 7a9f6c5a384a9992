import { Checkbox, Form } from 'antd';
import { Link, useLocation, useSearchParams } from 'react-router';
import { t } from '../../../locales';
import { useServerError } from '../hooks/useServerError';
import { useSignIn } from '../hooks/useSignIn';
import { type LoginNavigationState, loginModeHref } from './login-mode';
import { PasswordField } from './PasswordField';
import { readRememberedPhone, rememberPhone } from './remembered-phone';
import { SignInPhoneField, SignInSubmit } from './SignInFields';

interface LoginValues {
  phone: string;
  pwd: string;
  remember: boolean;
}

const FORM_FIELDS = ['phone', 'pwd'];

/** Phone + password sign-in (spec §5 rules); server field errors go back onto their fields. */
export function LoginForm() {
  const [form] = Form.useForm<LoginValues>();
  const { signIn, pending } = useSignIn();
  const [searchParams] = useSearchParams();
  const serverError = useServerError(form, FORM_FIELDS);
  const remembered = readRememberedPhone();
  const handedOver = (useLocation().state as LoginNavigationState | null)?.phone;

  const submit = (values: LoginValues) =>
    serverError.guard(async () => {
      const phone = values.phone.trim();
      await signIn({ phone, pwd: values.pwd });
      rememberPhone(values.remember ? phone : null);
    });

  return (
    <Form<LoginValues>
      form={form}
      layout="vertical"
      size="large"
      requiredMark={false}
      initialValues={{ phone: handedOver ?? remembered ?? '', pwd: '', remember: remembered !== null }}
      onFinish={submit}
      onValuesChange={serverError.clear}
      data-testid="login-form"
    >
      <SignInPhoneField />
      <PasswordField placeholder={t('auth.passwordPlaceholder')} autoComplete="current-password" />
      <div className="tl-login-options">
        <Form.Item name="remember" valuePropName="checked" noStyle>
          <Checkbox>{t('auth.rememberPhone')}</Checkbox>
        </Form.Item>
        <Link to={loginModeHref('reset', searchParams)} data-testid="forgot-password">
          {t('auth.forgotPassword')}
        </Link>
      </div>
      <SignInSubmit error={serverError.error} pending={pending} testId="login-submit" spaced={false}>
        {t('auth.submit')}
      </SignInSubmit>
    </Form>
  );
}

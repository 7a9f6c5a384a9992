import { useNavigate, useSearchParams } from 'react-router';
import { useToasts } from '../../../app/feedback-holder';
import { t } from '../../../locales';
import { SMS_PURPOSE } from '../api';
import { useResetPasswordMutation } from '../queries';
import { type LoginNavigationState, loginModeHref } from './login-mode';
import { PhoneCodePasswordForm } from './PhoneCodePasswordForm';

/** 忘记密码: phone, reset code and a new password; 设置成功 and back to sign in with the phone filled in. */
export function ResetPasswordForm() {
  const reset = useResetPasswordMutation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const message = useToasts();
  return (
    <PhoneCodePasswordForm
      purpose={SMS_PURPOSE.resetPassword}
      passwordPlaceholder={t('accounts.reset.passwordPlaceholder')}
      confirmPlaceholder={t('accounts.reset.confirmPlaceholder')}
      submitLabel={t('accounts.reset.submit')}
      pending={reset.isPending}
      testId="reset-form"
      onSubmit={async (values) => {
        await reset.mutateAsync(values);
        message.success(t('accounts.password.success'));
        const state: LoginNavigationState = { phone: values.phone };
        navigate(loginModeHref('password', searchParams), { replace: true, state });
      }}
    />
  );
}

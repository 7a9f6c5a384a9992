import { App } from 'antd';
import { useNavigate } from 'react-router';
import { t } from '../../../locales';
import { SMS_PURPOSE } from '../api';
import { landingPathFor } from '../landing';
import { useRegisterMutation } from '../queries';
import { signedIn } from '../session-user';
import { PhoneCodePasswordForm } from './PhoneCodePasswordForm';

/** 注册: a new phone, its sign-up code and a password; then on to bind the account subject. */
export function RegisterForm() {
  const register = useRegisterMutation();
  const navigate = useNavigate();
  const { message } = App.useApp();
  return (
    <PhoneCodePasswordForm
      purpose={SMS_PURPOSE.signUp}
      passwordPlaceholder={t('accounts.register.passwordPlaceholder')}
      confirmPlaceholder={t('accounts.register.confirmPlaceholder')}
      submitLabel={t('accounts.register.submit')}
      pending={register.isPending}
      testId="register-form"
      onSubmit={async (values) => {
        const user = await register.mutateAsync(values);
        signedIn(user);
        message.success(t('accounts.register.success'));
        navigate(landingPathFor(user, null), { replace: true });
      }}
    />
  );
}

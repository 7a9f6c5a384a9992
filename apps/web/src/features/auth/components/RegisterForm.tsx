import { Alert } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { useToasts } from '../../../app/feedback-holder';
import { t } from '../../../locales';
import { SMS_PURPOSE } from '../api';
import { landingPathFor } from '../landing';
import { usePartnerInvite, useRegisterMutation } from '../queries';
import { signedIn } from '../session-user';
import { PhoneCodePasswordForm } from './PhoneCodePasswordForm';

/**
 * 注册: a new phone, its sign-up code and a password; then on to bind the account subject. Opened
 * from a partner invitation link (?invite=), it names the inviting firm and records the sign-up.
 */
export function RegisterForm() {
  const register = useRegisterMutation();
  const navigate = useNavigate();
  const message = useToasts();
  const invite = useSearchParams()[0].get('invite');
  const inviter = usePartnerInvite(invite);
  return (
    <>
      {inviter.data && (
        <Alert
          className="tl-invite-banner"
          showIcon
          type={inviter.data.valid ? 'info' : 'warning'}
          title={
            inviter.data.valid
              ? t('accounts.register.invitedBy', { name: inviter.data.groupName })
              : t('accounts.register.inviteInvalid')
          }
          data-testid="invite-banner"
        />
      )}
      <PhoneCodePasswordForm
        purpose={SMS_PURPOSE.signUp}
        passwordPlaceholder={t('accounts.register.passwordPlaceholder')}
        confirmPlaceholder={t('accounts.register.confirmPlaceholder')}
        submitLabel={t('accounts.register.submit')}
        pending={register.isPending}
        testId="register-form"
        consent
        onSubmit={async (values) => {
          const user = await register.mutateAsync({ ...values, ...(inviter.data?.valid && invite ? { invite } : {}) });
          signedIn(user);
          message.success(t('accounts.register.success'));
          navigate(landingPathFor(user, null), { replace: true });
        }}
      />
    </>
  );
}

import type { ChildUser } from '@taxlens/shared';
import { Alert, App, Form, Modal, Typography } from 'antd';
import { t } from '../../../locales';
import { PasswordField } from '../../auth/components/PasswordField';
import { useServerError } from '../../auth/hooks/useServerError';
import { useUpdateChildFormMutation } from '../queries';

interface ResetValues {
  pwd: string;
  pwd2: string;
}

/** 重置密码 of a sub-account: a new password twice (spec §5); the account's sessions end. */
export function ResetChildPasswordModal({ child, onClose }: { child: ChildUser; onClose: () => void }) {
  const [form] = Form.useForm<ResetValues>();
  const update = useUpdateChildFormMutation();
  const { message } = App.useApp();
  const serverError = useServerError(form, ['pwd']);

  const submit = (values: ResetValues) =>
    serverError.guard(async () => {
      await update.mutateAsync({ userId: child.userId, pwd: values.pwd });
      message.success(t('accounts.users.done.passwordReset'));
      onClose();
    });

  return (
    <Modal
      open
      title={t('accounts.users.resetPassword.title')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={update.isPending}
      mask={{ closable: false }}
    >
      <Typography.Paragraph type="secondary">
        {t('accounts.users.resetPassword.intro', { name: child.nickName ?? child.phone })}
      </Typography.Paragraph>
      <Form<ResetValues> form={form} layout="vertical" onFinish={submit} data-testid="reset-child-password-form">
        <PasswordField label={t('accounts.users.resetPassword.pwd')} />
        <PasswordField name="pwd2" confirms="pwd" label={t('accounts.users.resetPassword.pwd2')} />
        {serverError.error && <Alert type="error" showIcon title={serverError.error} className="tl-form-error" />}
      </Form>
    </Modal>
  );
}

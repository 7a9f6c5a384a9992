import { type ChildUser, LIMITS, passwordSchema } from '@taxlens/shared';
import { Alert, App, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { zodRule } from '../../../lib/form-rules';
import { isApiError } from '../../../lib/http';
import { t } from '../../../locales';
import { applyServerErrors, sameAsRule } from '../../auth/form-errors';
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
  const [serverError, setServerError] = useState<string | null>(null);

  const submit = async (values: ResetValues) => {
    setServerError(null);
    try {
      await update.mutateAsync({ userId: child.userId, pwd: values.pwd });
      message.success(t('accounts.users.done.passwordReset'));
      onClose();
    } catch (error) {
      if (!isApiError(error)) throw error;
      if (!applyServerErrors(form, error, ['pwd'])) setServerError(error.msg);
    }
  };

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
        <Form.Item
          name="pwd"
          label={t('accounts.users.resetPassword.pwd')}
          rules={[zodRule(passwordSchema)]}
          validateTrigger="onBlur"
          required
        >
          <Input.Password maxLength={LIMITS.passwordMax} autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="pwd2"
          label={t('accounts.users.resetPassword.pwd2')}
          dependencies={['pwd']}
          rules={[zodRule(passwordSchema), sameAsRule('pwd')]}
          validateTrigger="onBlur"
          required
        >
          <Input.Password maxLength={LIMITS.passwordMax} autoComplete="new-password" />
        </Form.Item>
        {serverError && <Alert type="error" showIcon title={serverError} className="tl-form-error" />}
      </Form>
    </Modal>
  );
}

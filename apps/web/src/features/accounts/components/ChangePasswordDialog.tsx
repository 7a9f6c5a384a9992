import { LIMITS, type SessionUser } from '@taxlens/shared';
import { Alert, App, Button, Form, Input, Modal } from 'antd';
import { t } from '../../../locales';
import { SMS_PURPOSE } from '../../auth/api';
import { PasswordField } from '../../auth/components/PasswordField';
import { SmsCodeField } from '../../auth/components/SmsCodeField';
import { useServerError } from '../../auth/hooks/useServerError';
import { useChangePasswordMutation } from '../../auth/queries';
import '../accounts.css';

/** The password form of spec §3: phone, code, pwd, pwd2. */
interface PasswordValues {
  phone: string;
  code: string;
  pwd: string;
  pwd2: string;
}

interface ChangePasswordDialogProps {
  user: SessionUser;
  open: boolean;
  onClose: () => void;
}

/**
 * 修改密码 (spec §2): phone prefilled and disabled, an SMS code (type 4) with its countdown, the
 * new password twice. 设置成功 closes it; every field is reset on close (the form is destroyed).
 */
export function ChangePasswordDialog({ user, open, onClose }: ChangePasswordDialogProps) {
  return (
    <Modal
      open={open}
      title={t('accounts.password.title')}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      mask={{ closable: false }}
      width={460}
    >
      <PasswordForm user={user} onDone={onClose} />
    </Modal>
  );
}

function PasswordForm({ user, onDone }: { user: SessionUser; onDone: () => void }) {
  const [form] = Form.useForm<PasswordValues>();
  const change = useChangePasswordMutation();
  const { message } = App.useApp();
  const serverError = useServerError(form, ['code', 'pwd']);

  const submit = (values: PasswordValues) =>
    serverError.guard(async () => {
      await change.mutateAsync({ code: values.code.trim(), pwd: values.pwd });
      message.success(t('accounts.password.success'));
      onDone();
    });

  return (
    <Form<PasswordValues>
      form={form}
      layout="vertical"
      initialValues={{ phone: user.phone, code: '', pwd: '', pwd2: '' }}
      onFinish={submit}
      onValuesChange={serverError.clear}
      data-testid="change-password-form"
      className="tl-password-form"
    >
      <Form.Item name="phone" label={t('accounts.password.phone')}>
        <Input disabled maxLength={LIMITS.phoneLength} />
      </Form.Item>
      <SmsCodeField
        form={form}
        purpose={SMS_PURPOSE.changePassword}
        phone={user.phone}
        label={t('accounts.password.code')}
      />
      <PasswordField label={t('accounts.password.pwd')} placeholder={t('accounts.password.pwdPlaceholder')} />
      <PasswordField
        name="pwd2"
        confirms="pwd"
        label={t('accounts.password.pwd2')}
        placeholder={t('accounts.password.pwd2Placeholder')}
      />
      {serverError.error && <Alert type="error" showIcon title={serverError.error} className="tl-form-error" />}
      <div className="tl-dialog-actions">
        <Button onClick={onDone}>{t('common.cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={change.isPending} data-testid="change-password-submit">
          {t('common.confirm')}
        </Button>
      </div>
    </Form>
  );
}

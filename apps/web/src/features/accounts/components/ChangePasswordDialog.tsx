import { LIMITS, passwordSchema, type SessionUser } from '@taxlens/shared';
import { Alert, App, Button, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { zodRule } from '../../../lib/form-rules';
import { isApiError } from '../../../lib/http';
import { t } from '../../../locales';
import { SMS_PURPOSE } from '../../auth/api';
import { SmsCodeField } from '../../auth/components/SmsCodeField';
import { applyServerErrors, sameAsRule } from '../../auth/form-errors';
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
  const [serverError, setServerError] = useState<string | null>(null);

  const submit = async (values: PasswordValues) => {
    setServerError(null);
    try {
      await change.mutateAsync({ code: values.code.trim(), pwd: values.pwd });
      message.success(t('accounts.password.success'));
      onDone();
    } catch (error) {
      if (!isApiError(error)) throw error;
      if (!applyServerErrors(form, error, ['code', 'pwd'])) setServerError(error.msg);
    }
  };

  return (
    <Form<PasswordValues>
      form={form}
      layout="vertical"
      initialValues={{ phone: user.phone, code: '', pwd: '', pwd2: '' }}
      onFinish={submit}
      onValuesChange={() => serverError && setServerError(null)}
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
      <Form.Item
        name="pwd"
        label={t('accounts.password.pwd')}
        rules={[zodRule(passwordSchema)]}
        validateTrigger="onBlur"
        required
      >
        <Input.Password
          placeholder={t('accounts.password.pwdPlaceholder')}
          maxLength={LIMITS.passwordMax}
          autoComplete="new-password"
        />
      </Form.Item>
      <Form.Item
        name="pwd2"
        label={t('accounts.password.pwd2')}
        dependencies={['pwd']}
        rules={[zodRule(passwordSchema), sameAsRule('pwd')]}
        validateTrigger="onBlur"
        required
      >
        <Input.Password
          placeholder={t('accounts.password.pwd2Placeholder')}
          maxLength={LIMITS.passwordMax}
          autoComplete="new-password"
        />
      </Form.Item>
      {serverError && <Alert type="error" showIcon title={serverError} className="tl-form-error" />}
      <div className="tl-dialog-actions">
        <Button onClick={onDone}>{t('common.cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={change.isPending} data-testid="change-password-submit">
          {t('common.confirm')}
        </Button>
      </div>
    </Form>
  );
}

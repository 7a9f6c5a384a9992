import { LIMITS, phoneSchema } from '@taxlens/shared';
import { Alert, App, Button, Form, Input, Modal } from 'antd';
import { zodRule } from '../../../lib/form-rules';
import { t } from '../../../locales';
import { SMS_PURPOSE } from '../../auth/api';
import { SmsCodeField } from '../../auth/components/SmsCodeField';
import { useServerError } from '../../auth/hooks/useServerError';
import { useChangePhoneMutation } from '../../auth/queries';
import '../accounts.css';

interface PhoneValues {
  phone: string;
  code: string;
}

interface ChangePhoneDialogProps {
  currentPhone: string;
  open: boolean;
  onClose: () => void;
}

/**
 * 更换手机号: the new number and a code sent to it (type 5). The session stays signed in; the new
 * number is the sign-in from now on, and the old one is freed.
 */
export function ChangePhoneDialog({ currentPhone, open, onClose }: ChangePhoneDialogProps) {
  return (
    <Modal
      open={open}
      title={t('accounts.phone.title')}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      mask={{ closable: false }}
      width={460}
    >
      <PhoneForm currentPhone={currentPhone} onDone={onClose} />
    </Modal>
  );
}

function PhoneForm({ currentPhone, onDone }: { currentPhone: string; onDone: () => void }) {
  const [form] = Form.useForm<PhoneValues>();
  const change = useChangePhoneMutation();
  const { message } = App.useApp();
  const serverError = useServerError(form, ['phone', 'code']);

  const submit = (values: PhoneValues) =>
    serverError.guard(async () => {
      await change.mutateAsync({ phone: values.phone.trim(), code: values.code.trim() });
      message.success(t('accounts.phone.success'));
      onDone();
    });

  return (
    <Form<PhoneValues>
      form={form}
      layout="vertical"
      initialValues={{ phone: '', code: '' }}
      onFinish={submit}
      onValuesChange={serverError.clear}
      data-testid="change-phone-form"
      className="tl-password-form"
    >
      <Form.Item label={t('accounts.phone.current')}>
        <Input value={currentPhone} disabled />
      </Form.Item>
      <Form.Item name="phone" label={t('accounts.phone.new')} required rules={[zodRule(phoneSchema)]}>
        <Input maxLength={LIMITS.phoneLength} placeholder={t('accounts.phone.newPlaceholder')} inputMode="numeric" />
      </Form.Item>
      <SmsCodeField form={form} purpose={SMS_PURPOSE.changePhone} label={t('accounts.phone.code')} />
      {serverError.error && <Alert type="error" showIcon title={serverError.error} className="tl-form-error" />}
      <div className="tl-dialog-actions">
        <Button onClick={onDone}>{t('common.cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={change.isPending} data-testid="change-phone-submit">
          {t('common.confirm')}
        </Button>
      </div>
    </Form>
  );
}

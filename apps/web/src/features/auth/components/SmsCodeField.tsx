import { SafetyOutlined } from '@ant-design/icons';
import { LIMITS, SMS_CODE_RULE } from '@taxlens/shared';
import { Alert, Button, Form, type FormInstance, Input } from 'antd';
import { useState } from 'react';
import { textRule } from '../../../lib/form-rules';
import { isApiError } from '../../../lib/http';
import { t } from '../../../locales';
import { authApi, type OutboxMessage, type SmsPurpose } from '../api';
import { applyServerErrors } from '../form-errors';
import { useCountdown } from '../hooks/useCountdown';
import './sms-code-field.css';
import { useToasts } from '../../../app/feedback-holder';

/** Whether this server shows its SMS outbox (null: not asked yet). A 404 means never, for this page load. */
let outboxAvailable: boolean | null = null;

async function readOutbox(phone: string): Promise<OutboxMessage | null | undefined> {
  if (outboxAvailable === false) return undefined;
  try {
    const message = await authApi.smsOutbox(phone);
    outboxAvailable = true;
    return message;
  } catch (error) {
    if (isApiError(error) && error.status === 404) outboxAvailable = false;
    return undefined;
  }
}

interface SmsCodeFieldProps {
  form: FormInstance;
  purpose: SmsPurpose;
  /** The form field holding the phone; it is validated before a code is sent. */
  phoneField?: string;
  /** A fixed phone instead (the change-password dialog's own, shown disabled). */
  phone?: string;
  label?: string;
}

/**
 * The SMS code input with its 发送验证码 button: a 60 s countdown after each send (spec §4),
 * the spec's 发送成功 message, and — only when the server has no SMS gateway and shows its
 * outbox — the latest message under the field, clearly marked as demo mode.
 */
export function SmsCodeField({ form, purpose, phoneField = 'phone', phone, label }: SmsCodeFieldProps) {
  const message = useToasts();
  // Keyed by purpose (and the fixed phone), so closing and reopening a dialog keeps counting.
  const countdown = useCountdown(LIMITS.smsResendSeconds, `sms:${purpose}:${phone ?? ''}`);
  const [sending, setSending] = useState(false);
  const [outbox, setOutbox] = useState<OutboxMessage | null | undefined>(undefined);

  const phoneToUse = async (): Promise<string | null> => {
    if (phone) return phone;
    try {
      const values = await form.validateFields([phoneField]);
      return String(values[phoneField] ?? '').trim();
    } catch {
      return null;
    }
  };

  const send = async () => {
    const target = await phoneToUse();
    if (!target) return;
    setSending(true);
    try {
      await authApi.sendCode({ phone: target, type: purpose });
      countdown.start();
      message.success(`${t('accounts.sms.sent')}，${t('accounts.sms.sentHint')}`);
      setOutbox(await readOutbox(target));
    } catch (error) {
      if (!isApiError(error)) throw error;
      if (!applyServerErrors(form, error, phone ? [] : [phoneField])) message.error(error.msg);
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      <Form.Item name="code" label={label} rules={[textRule(SMS_CODE_RULE)]} validateTrigger="onBlur" required>
        <Input
          prefix={<SafetyOutlined />}
          placeholder={t('accounts.sms.codePlaceholder')}
          maxLength={LIMITS.smsCodeLength}
          inputMode="numeric"
          autoComplete="one-time-code"
          suffix={
            <Button
              type="link"
              size="small"
              className="tl-sms-send"
              disabled={countdown.running}
              loading={sending}
              onClick={send}
              data-testid="sms-send"
            >
              {countdown.running ? t('accounts.sms.resend', { seconds: countdown.remaining }) : t('accounts.sms.send')}
            </Button>
          }
        />
      </Form.Item>
      {outbox !== undefined && (
        <Alert
          className="tl-sms-outbox"
          type="warning"
          showIcon
          title={t('accounts.sms.outboxTitle')}
          description={outbox?.content ?? t('accounts.sms.outboxEmpty')}
          data-testid="sms-outbox"
        />
      )}
    </>
  );
}

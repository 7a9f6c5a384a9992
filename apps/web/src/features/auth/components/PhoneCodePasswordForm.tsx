import { LockOutlined, MobileOutlined } from '@ant-design/icons';
import { LIMITS, passwordSchema, phoneSchema } from '@taxlens/shared';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { zodRule } from '../../../lib/form-rules';
import { isApiError } from '../../../lib/http';
import { t } from '../../../locales';
import type { PhoneCodePassword, SmsPurpose } from '../api';
import { applyServerErrors, sameAsRule } from '../form-errors';
import { SmsCodeField } from './SmsCodeField';

interface PhoneCodePasswordValues extends PhoneCodePassword {
  pwd2: string;
}

interface PhoneCodePasswordFormProps {
  purpose: SmsPurpose;
  passwordPlaceholder: string;
  confirmPlaceholder: string;
  submitLabel: string;
  pending: boolean;
  /** Resolves when done; rejects with the server's ApiError to show it on the form. */
  onSubmit: (values: PhoneCodePassword) => Promise<void>;
  testId: string;
}

const FORM_FIELDS = ['phone', 'code', 'pwd'];

/**
 * Phone, SMS code, password and confirmation (spec §5 messages): the form behind 注册 and
 * 忘记密码, which differ only in the code's purpose and the call they make.
 */
export function PhoneCodePasswordForm(props: PhoneCodePasswordFormProps) {
  const { purpose, passwordPlaceholder, confirmPlaceholder, submitLabel, pending, onSubmit, testId } = props;
  const [form] = Form.useForm<PhoneCodePasswordValues>();
  const [serverError, setServerError] = useState<string | null>(null);

  const submit = async (values: PhoneCodePasswordValues) => {
    setServerError(null);
    try {
      await onSubmit({ phone: values.phone.trim(), code: values.code.trim(), pwd: values.pwd });
    } catch (error) {
      if (!isApiError(error)) throw error;
      if (!applyServerErrors(form, error, FORM_FIELDS)) setServerError(error.msg);
    }
  };

  return (
    <Form<PhoneCodePasswordValues>
      form={form}
      layout="vertical"
      size="large"
      requiredMark={false}
      onFinish={submit}
      onValuesChange={() => serverError && setServerError(null)}
      data-testid={testId}
    >
      <Form.Item name="phone" rules={[zodRule(phoneSchema)]} validateTrigger="onBlur">
        <Input
          prefix={<MobileOutlined />}
          placeholder={t('auth.phonePlaceholder')}
          maxLength={LIMITS.phoneLength}
          inputMode="numeric"
          autoComplete="username"
          allowClear
        />
      </Form.Item>
      <SmsCodeField form={form} purpose={purpose} />
      <Form.Item name="pwd" rules={[zodRule(passwordSchema)]} validateTrigger="onBlur">
        <Input.Password
          prefix={<LockOutlined />}
          placeholder={passwordPlaceholder}
          maxLength={LIMITS.passwordMax}
          autoComplete="new-password"
        />
      </Form.Item>
      <Form.Item
        name="pwd2"
        dependencies={['pwd']}
        rules={[zodRule(passwordSchema), sameAsRule('pwd')]}
        validateTrigger="onBlur"
      >
        <Input.Password
          prefix={<LockOutlined />}
          placeholder={confirmPlaceholder}
          maxLength={LIMITS.passwordMax}
          autoComplete="new-password"
        />
      </Form.Item>
      {serverError && (
        <Alert className="tl-login-error" type="error" showIcon title={serverError} data-testid="login-error" />
      )}
      <Button
        type="primary"
        htmlType="submit"
        block
        className="tl-login-submit"
        loading={pending}
        data-testid={`${testId}-submit`}
      >
        {submitLabel}
      </Button>
    </Form>
  );
}

import { MobileOutlined } from '@ant-design/icons';
import { LIMITS, phoneSchema } from '@taxlens/shared';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { zodRule } from '../../../lib/form-rules';
import { isApiError } from '../../../lib/http';
import { t } from '../../../locales';
import { SMS_PURPOSE } from '../api';
import { applyServerErrors } from '../form-errors';
import { landingPathFor } from '../landing';
import { useLoginMutation } from '../queries';
import { signedIn } from '../session-user';
import { readRememberedPhone } from './remembered-phone';
import { SmsCodeField } from './SmsCodeField';

interface CodeLoginValues {
  phone: string;
  code: string;
}

const FORM_FIELDS = ['phone', 'code'];

/** 验证码登录: phone + SMS code (type 2). */
export function CodeLoginForm() {
  const [form] = Form.useForm<CodeLoginValues>();
  const login = useLoginMutation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [serverError, setServerError] = useState<string | null>(null);

  const submit = async (values: CodeLoginValues) => {
    setServerError(null);
    try {
      const user = await login.mutateAsync({ phone: values.phone.trim(), code: values.code.trim() });
      signedIn(user);
      navigate(landingPathFor(user, searchParams.get('redirect')), { replace: true });
    } catch (error) {
      if (!isApiError(error)) throw error;
      if (!applyServerErrors(form, error, FORM_FIELDS)) setServerError(error.msg);
    }
  };

  return (
    <Form<CodeLoginValues>
      form={form}
      layout="vertical"
      size="large"
      requiredMark={false}
      initialValues={{ phone: readRememberedPhone() ?? '', code: '' }}
      onFinish={submit}
      onValuesChange={() => serverError && setServerError(null)}
      data-testid="code-login-form"
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
      <SmsCodeField form={form} purpose={SMS_PURPOSE.codeLogin} />
      {serverError && (
        <Alert className="tl-login-error" type="error" showIcon title={serverError} data-testid="login-error" />
      )}
      <Button
        type="primary"
        htmlType="submit"
        block
        className="tl-login-submit"
        loading={login.isPending}
        data-testid="code-login-submit"
      >
        {t('accounts.login.codeSubmit')}
      </Button>
    </Form>
  );
}

import { Form } from 'antd';
import { t } from '../../../locales';
import { SMS_PURPOSE } from '../api';
import { useServerError } from '../hooks/useServerError';
import { useSignIn } from '../hooks/useSignIn';
import { readRememberedPhone } from './remembered-phone';
import { SignInPhoneField } from './SignInFields';
import { SignInSubmit } from './SignInSubmit';
import { SmsCodeField } from './SmsCodeField';

interface CodeLoginValues {
  phone: string;
  code: string;
}

const FORM_FIELDS = ['phone', 'code'];

/** 验证码登录: phone + SMS code (type 2). */
export function CodeLoginForm() {
  const [form] = Form.useForm<CodeLoginValues>();
  const { signIn, pending } = useSignIn();
  const serverError = useServerError(form, FORM_FIELDS);

  const submit = (values: CodeLoginValues) =>
    serverError.guard(() => signIn({ phone: values.phone.trim(), code: values.code.trim() }));

  return (
    <Form<CodeLoginValues>
      form={form}
      layout="vertical"
      size="large"
      requiredMark={false}
      initialValues={{ phone: readRememberedPhone() ?? '', code: '' }}
      onFinish={submit}
      onValuesChange={serverError.clear}
      data-testid="code-login-form"
    >
      <SignInPhoneField />
      <SmsCodeField form={form} purpose={SMS_PURPOSE.codeLogin} />
      <SignInSubmit error={serverError.error} pending={pending} testId="code-login-submit">
        {t('accounts.login.codeSubmit')}
      </SignInSubmit>
    </Form>
  );
}

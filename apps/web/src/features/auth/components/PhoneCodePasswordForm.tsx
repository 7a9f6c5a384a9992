import { Form } from 'antd';
import type { PhoneCodePassword, SmsPurpose } from '../api';
import { useServerError } from '../hooks/useServerError';
import { PasswordField } from './PasswordField';
import { SignInPhoneField } from './SignInFields';
import { SignInSubmit } from './SignInSubmit';
import { SmsCodeField } from './SmsCodeField';
import { TermsConsentField } from './TermsConsentField';

interface PhoneCodePasswordValues extends PhoneCodePassword {
  pwd2: string;
  agreeTerms?: boolean;
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
  /** Sign-up: the 服务条款 / 隐私政策 consent checkbox, required before submitting. */
  consent?: boolean;
}

const FORM_FIELDS = ['phone', 'code', 'pwd', 'agreeTerms'];

/**
 * Phone, SMS code, password and confirmation (spec §5 messages): the form behind 注册 and
 * 忘记密码, which differ only in the code's purpose and the call they make.
 */
export function PhoneCodePasswordForm(props: PhoneCodePasswordFormProps) {
  const { purpose, passwordPlaceholder, confirmPlaceholder, submitLabel, pending, onSubmit, testId, consent } = props;
  const [form] = Form.useForm<PhoneCodePasswordValues>();
  const serverError = useServerError(form, FORM_FIELDS);

  const submit = (values: PhoneCodePasswordValues) =>
    serverError.guard(() =>
      onSubmit({
        phone: values.phone.trim(),
        code: values.code.trim(),
        pwd: values.pwd,
        ...(consent ? { agreeTerms: values.agreeTerms === true } : {}),
      }),
    );

  return (
    <Form<PhoneCodePasswordValues>
      form={form}
      layout="vertical"
      size="large"
      requiredMark={false}
      onFinish={submit}
      onValuesChange={serverError.clear}
      data-testid={testId}
    >
      <SignInPhoneField />
      <SmsCodeField form={form} purpose={purpose} />
      <PasswordField placeholder={passwordPlaceholder} />
      <PasswordField name="pwd2" confirms="pwd" placeholder={confirmPlaceholder} />
      {consent && <TermsConsentField />}
      <SignInSubmit error={serverError.error} pending={pending} testId={`${testId}-submit`}>
        {submitLabel}
      </SignInSubmit>
    </Form>
  );
}

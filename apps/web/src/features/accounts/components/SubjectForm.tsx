import { accountSubjectSchema, LIMITS } from '@taxlens/shared';
import { Alert, Button, Form, Input, Space } from 'antd';
import { zodRule } from '../../../lib/form-rules';
import { t } from '../../../locales';
import { useServerError } from '../../auth/hooks/useServerError';
import type { AccountSubjectInput } from '../api';

const FIELDS = ['name', 'creditCode', 'contactName', 'contactPhone'];
const CREDIT_CODE_LENGTH = 18;

interface SubjectFormProps {
  initialValues?: Partial<AccountSubjectInput>;
  submitLabel: string;
  pending: boolean;
  /** Rejects with the server's ApiError to show it on the form. */
  onSubmit: (values: AccountSubjectInput) => Promise<void>;
  onCancel?: () => void;
  testId: string;
}

/**
 * Account subject: name, unified social credit code, contact and contact phone. The shared schema
 * refuses a wrong check digit here as the server does.
 */
export function SubjectForm({ initialValues, submitLabel, pending, onSubmit, onCancel, testId }: SubjectFormProps) {
  const [form] = Form.useForm<AccountSubjectInput>();
  const serverError = useServerError(form, FIELDS);
  const shape = accountSubjectSchema.shape;

  const submit = (values: AccountSubjectInput) =>
    serverError.guard(() =>
      onSubmit({
        name: values.name.trim(),
        creditCode: values.creditCode.trim().toUpperCase(),
        contactName: values.contactName.trim(),
        contactPhone: values.contactPhone.trim(),
      }),
    );

  return (
    <Form<AccountSubjectInput>
      form={form}
      layout="vertical"
      requiredMark
      initialValues={initialValues}
      onFinish={submit}
      onValuesChange={serverError.clear}
      data-testid={testId}
      className="tl-subject-form"
    >
      <Form.Item name="name" label={t('accounts.subject.name')} rules={[zodRule(shape.name)]} required>
        <Input placeholder={t('accounts.subject.namePlaceholder')} maxLength={60} showCount />
      </Form.Item>
      <Form.Item
        name="creditCode"
        label={t('accounts.subject.creditCode')}
        rules={[zodRule(shape.creditCode)]}
        normalize={(value: string) => value.toUpperCase().replace(/\s/g, '')}
        validateTrigger={['onBlur', 'onChange']}
        required
      >
        <Input placeholder={t('accounts.subject.creditCodePlaceholder')} maxLength={CREDIT_CODE_LENGTH} />
      </Form.Item>
      <Form.Item
        name="contactName"
        label={t('accounts.subject.contactName')}
        rules={[zodRule(shape.contactName)]}
        required
      >
        <Input placeholder={t('accounts.subject.contactNamePlaceholder')} maxLength={30} />
      </Form.Item>
      <Form.Item
        name="contactPhone"
        label={t('accounts.subject.contactPhone')}
        rules={[zodRule(shape.contactPhone)]}
        validateTrigger="onBlur"
        required
      >
        <Input
          placeholder={t('accounts.subject.contactPhonePlaceholder')}
          maxLength={LIMITS.phoneLength}
          inputMode="numeric"
        />
      </Form.Item>
      {serverError.error && <Alert type="error" showIcon title={serverError.error} className="tl-form-error" />}
      <Space>
        <Button type="primary" htmlType="submit" loading={pending} data-testid={`${testId}-submit`}>
          {submitLabel}
        </Button>
        {onCancel && <Button onClick={onCancel}>{t('accounts.subject.cancel')}</Button>}
      </Space>
    </Form>
  );
}

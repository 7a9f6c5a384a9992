import { MobileOutlined } from '@ant-design/icons';
import { LIMITS, PHONE_RULE } from '@taxlens/shared';
import { Form, Input } from 'antd';
import { textRule } from '../../../lib/form-rules';
import { t } from '../../../locales';

/** The phone of the sign-in screens (sign in, code sign-in, register, reset): the browser's username. */
export function SignInPhoneField() {
  return (
    <Form.Item name="phone" rules={[textRule(PHONE_RULE)]} validateTrigger="onBlur">
      <Input
        prefix={<MobileOutlined />}
        placeholder={t('auth.phonePlaceholder')}
        maxLength={LIMITS.phoneLength}
        inputMode="numeric"
        autoComplete="username"
        allowClear
      />
    </Form.Item>
  );
}

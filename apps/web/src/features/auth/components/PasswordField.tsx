import { LockOutlined } from '@ant-design/icons';
import { LIMITS, NEW_PASSWORD_RULE, PASSWORD_RULE } from '@taxlens/shared';
import { Form, Input } from 'antd';
import { textRule } from '../../../lib/form-rules';
import { sameAsRule } from '../form-errors';

interface PasswordFieldProps {
  name?: string;
  /** The password this field repeats (确认密码): checked again when it changes, and must equal it. */
  confirms?: string;
  /** Without one (the sign-in screens) a lock icon names the field and no required mark is shown. */
  label?: string;
  placeholder?: string;
  /** 'current-password' when signing in, so the browser offers the saved one. */
  autoComplete?: 'current-password' | 'new-password';
}

/**
 * A password with the rules of spec §5 (shared PASSWORD_RULE, which the server's passwordSchema is built from), checked on leaving the field; a
 * password being set (not the sign-in one) may also not be a common one (NEW_PASSWORD_RULE).
 */
export function PasswordField({
  name = 'pwd',
  confirms,
  label,
  placeholder,
  autoComplete = 'new-password',
}: PasswordFieldProps) {
  const rule = autoComplete === 'current-password' ? PASSWORD_RULE : NEW_PASSWORD_RULE;
  return (
    <Form.Item
      name={name}
      label={label}
      dependencies={confirms ? [confirms] : undefined}
      rules={confirms ? [textRule(rule), sameAsRule(confirms)] : [textRule(rule)]}
      validateTrigger="onBlur"
      required={label !== undefined}
    >
      <Input.Password
        prefix={label === undefined ? <LockOutlined /> : undefined}
        placeholder={placeholder}
        maxLength={LIMITS.passwordMax}
        autoComplete={autoComplete}
      />
    </Form.Item>
  );
}

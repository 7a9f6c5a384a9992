import { PHONE_RULE } from '@taxlens/shared';
import { Form, Input } from 'antd';
import { textRule } from '../../../lib/form-rules';
import { phoneInputProps } from './phone-input';

/** The phone of the sign-in screens (sign in, code sign-in, register, reset): the browser's username. */
export function SignInPhoneField() {
  return (
    <Form.Item name="phone" rules={[textRule(PHONE_RULE)]} validateTrigger="onBlur">
      <Input {...phoneInputProps()} />
    </Form.Item>
  );
}

import { MobileOutlined } from '@ant-design/icons';
import { LIMITS } from '@taxlens/shared';
import { t } from '../../../locales';

/**
 * The phone input of every sign-in screen (the browser's username), for antd's Input: shared by the
 * antd Form fields (SignInPhoneField) and the plain sign-in form (LoginForm), which must not import
 * antd's Form (issue 21).
 */
export function phoneInputProps() {
  return {
    prefix: <MobileOutlined />,
    placeholder: t('auth.phonePlaceholder'),
    maxLength: LIMITS.phoneLength,
    inputMode: 'numeric',
    autoComplete: 'username',
    allowClear: true,
  } as const;
}

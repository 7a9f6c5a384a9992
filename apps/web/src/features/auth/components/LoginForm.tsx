import { LockOutlined } from '@ant-design/icons';
import { checkText, LIMITS, PASSWORD_RULE, PHONE_RULE, type TextRule } from '@taxlens/shared';
import { Checkbox, ConfigProvider, theme } from 'antd';
// The two inputs themselves: antd's Input index also brings TextArea, Search, OTP and Group (issue 21).
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { t } from '../../../locales';
import type { FieldErrorTarget } from '../form-errors';
import { useServerError } from '../hooks/useServerError';
import { useSignIn } from '../hooks/useSignIn';
import { type LoginNavigationState, loginModeHref } from './login-mode';
import { phoneInputProps } from './phone-input';
import { readRememberedPhone, rememberPhone } from './remembered-phone';
import { SignInSubmit } from './SignInSubmit';

type FieldName = 'phone' | 'pwd';
type FieldErrors = Partial<Record<FieldName, string>>;

/** The same rules as SignInPhoneField and PasswordField (spec §5), checked when leaving a field and on submit. */
const RULES: Record<FieldName, TextRule> = { phone: PHONE_RULE, pwd: PASSWORD_RULE };
const FORM_FIELDS: readonly FieldName[] = ['phone', 'pwd'];

/** A field and the message under it, spaced as antd's Form.Item lays them out (login-page.css). */
function Field({ name, error, children }: { name: FieldName; error?: string; children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <div className="tl-field">
      {children}
      {error && (
        <>
          <div id={`${name}_help`} className="tl-field-error" role="alert" style={{ color: token.colorError }}>
            {error}
          </div>
          <div className="tl-field-offset" />
        </>
      )}
    </div>
  );
}

/**
 * Phone + password sign-in (spec §5 rules); server field errors go back onto their fields. A plain
 * form with antd's inputs, not antd's Form: Form, its validator and the Tooltip its labels import
 * were a sixth of the sign-in screen's JavaScript (issue 21). The code, sign-up and reset forms,
 * loaded when opened, keep antd's Form.
 */
export function LoginForm() {
  const { signIn, pending } = useSignIn();
  const [searchParams] = useSearchParams();
  const handedOver = (useLocation().state as LoginNavigationState | null)?.phone;
  const [initial] = useState(() => {
    const remembered = readRememberedPhone();
    return { phone: handedOver ?? remembered ?? '', remember: remembered !== null };
  });
  const [phone, setPhone] = useState(initial.phone);
  const [pwd, setPwd] = useState('');
  const [remember, setRemember] = useState(initial.remember);
  const [errors, setErrors] = useState<FieldErrors>({});
  const target: FieldErrorTarget = {
    setFields: (fields) =>
      setErrors((current) => {
        const next = { ...current };
        for (const field of fields) next[String(field.name) as FieldName] = field.errors?.[0];
        return next;
      }),
  };
  const serverError = useServerError(target, FORM_FIELDS);
  const values = { phone, pwd };
  const check = (name: FieldName) => checkText(RULES[name], values[name]) ?? undefined;
  const validate = (name: FieldName) => setErrors((current) => ({ ...current, [name]: check(name) }));
  /** What each input takes from its field: its error state, and a change clears the server's message. */
  const wiring = (name: FieldName, setValue: (value: string) => void) => ({
    id: name,
    status: errors[name] ? ('error' as const) : undefined,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${name}_help` : undefined,
    onChange: (event: { target: { value: string } }) => {
      setValue(event.target.value);
      serverError.clear();
    },
    onBlur: () => validate(name),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: FieldErrors = { phone: check('phone'), pwd: check('pwd') };
    setErrors(found);
    if (found.phone || found.pwd) return;
    void serverError.guard(async () => {
      const trimmed = phone.trim();
      await signIn({ phone: trimmed, pwd });
      rememberPhone(remember ? trimmed : null);
    });
  };

  return (
    // The size antd's Form gave every control in it.
    <ConfigProvider componentSize="large">
      <form className="tl-signin-form" noValidate onSubmit={submit} data-testid="login-form">
        <Field name="phone" error={errors.phone}>
          <Input {...phoneInputProps()} value={phone} {...wiring('phone', setPhone)} />
        </Field>
        <Field name="pwd" error={errors.pwd}>
          <Password
            prefix={<LockOutlined />}
            placeholder={t('auth.passwordPlaceholder')}
            maxLength={LIMITS.passwordMax}
            autoComplete="current-password"
            value={pwd}
            {...wiring('pwd', setPwd)}
          />
        </Field>
        <div className="tl-login-options">
          <Checkbox
            id="remember"
            checked={remember}
            onChange={(event) => {
              setRemember(event.target.checked);
              serverError.clear();
            }}
          >
            {t('auth.rememberPhone')}
          </Checkbox>
          <Link to={loginModeHref('reset', searchParams)} data-testid="forgot-password">
            {t('auth.forgotPassword')}
          </Link>
        </div>
        <SignInSubmit error={serverError.error} pending={pending} testId="login-submit" spaced={false}>
          {t('auth.submit')}
        </SignInSubmit>
      </form>
    </ConfigProvider>
  );
}

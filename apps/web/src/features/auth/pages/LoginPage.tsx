import { theme } from 'antd';
import { type ComponentType, type CSSProperties, lazy, Suspense } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PRIVACY_PATH, TERMS_PATH } from '../../../app/route-types';
import { useAppTokens } from '../../../app/useAppTokens';
import { BrandLogo } from '../../../components/BrandLogo';
import { t } from '../../../locales';
import { BrandPanel } from '../components/BrandPanel';
import { LoginForm } from '../components/LoginForm';
import { LoginModeTabs } from '../components/LoginModeTabs';
import { type LoginMode, loginModeHref, loginModeOf } from '../components/login-mode';
import './login-page.css';

/**
 * The password form ships with the page; the SMS-code forms load when their mode is opened, inside
 * react-query's provider, which comes with them (the password form does without it, issue 21).
 */
function lazyForm(load: () => Promise<ComponentType>) {
  return lazy(() =>
    Promise.all([load(), import('../../../app/with-query-client')]).then(([Form, query]) => ({
      default: query.withQueryClient(Form),
    })),
  );
}

// The placeholder while one of them loads is itself loaded then: most visits never open them.
const Skeleton = lazy(() => import('antd/es/skeleton'));

function FormPlaceholder() {
  return (
    <Suspense fallback={null}>
      <Skeleton active title={false} paragraph={{ rows: 4 }} />
    </Suspense>
  );
}

const CodeLoginForm = lazyForm(() => import('../components/CodeLoginForm').then((module) => module.CodeLoginForm));
const RegisterForm = lazyForm(() => import('../components/RegisterForm').then((module) => module.RegisterForm));
const ResetPasswordForm = lazyForm(() =>
  import('../components/ResetPasswordForm').then((module) => module.ResetPasswordForm),
);

/**
 * Secondary text as antd's Typography.Text type="secondary" draws it. Plain elements here: Typography
 * (with the Tooltip its ellipsis uses) was only on the sign-in screen for these lines (issue 21).
 */
function useMuted(): CSSProperties {
  const { token } = theme.useToken();
  return { color: token.colorTextDescription };
}

interface CardText {
  title: string;
  subtitle: string;
}

function cardText(mode: LoginMode): CardText {
  switch (mode) {
    case 'register':
      return { title: t('auth.modes.registerTitle'), subtitle: t('auth.modes.registerSubtitle') };
    case 'reset':
      return { title: t('auth.modes.resetTitle'), subtitle: t('auth.modes.resetSubtitle') };
    case 'code':
      return { title: t('auth.formTitle'), subtitle: t('auth.modes.codeSubtitle') };
    default:
      return { title: t('auth.formTitle'), subtitle: t('auth.formSubtitle') };
  }
}

/** The line under the form: sign up from sign-in, back to sign-in from sign-up and reset. */
function CardFooter({ mode, params }: { mode: LoginMode; params: URLSearchParams }) {
  const muted = useMuted();
  if (mode === 'password' || mode === 'code') {
    return (
      <div className="tl-login-register">
        <span style={muted}>{t('auth.noAccount')}</span>
        <Link to={loginModeHref('register', params)} data-testid="go-register">
          {t('auth.register')}
        </Link>
      </div>
    );
  }
  return (
    <div className="tl-login-register">
      {mode === 'register' && <span style={muted}>{t('auth.modes.haveAccount')}</span>}
      <Link to={loginModeHref('password', params)} data-testid="back-to-login">
        {t('auth.modes.backToLogin')}
      </Link>
    </div>
  );
}

/** /login: brand panel and the card for password or code sign-in, sign-up and password reset. */
export function LoginPage() {
  const tokens = useAppTokens();
  const { token } = theme.useToken();
  const muted = useMuted();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const mode = loginModeOf(params);
  const text = cardText(mode);
  const signingIn = mode === 'password' || mode === 'code';

  return (
    <div className="tl-login">
      <BrandPanel />
      <section className="tl-login-main">
        <div
          className="tl-login-card"
          style={{ boxShadow: tokens.shadowCard, background: token.colorBgContainer }}
          data-login-mode={mode}
        >
          <div className="tl-login-card-logo">
            <BrandLogo size={36} />
          </div>
          <h3
            className="tl-login-title"
            style={{
              fontSize: token.fontSizeHeading3,
              lineHeight: token.lineHeightHeading3,
              fontWeight: token.fontWeightStrong,
              color: token.colorTextHeading,
            }}
          >
            {text.title}
          </h3>
          <span style={muted}>{text.subtitle}</span>
          {signingIn ? (
            <LoginModeTabs
              value={mode === 'code' ? 'code' : 'password'}
              onChange={(next) => navigate(loginModeHref(next, params), { replace: true })}
            />
          ) : (
            <div className="tl-login-form-gap" />
          )}
          {mode === 'password' ? (
            <LoginForm />
          ) : (
            <Suspense fallback={<FormPlaceholder />}>
              {mode === 'code' && <CodeLoginForm />}
              {mode === 'register' && <RegisterForm />}
              {mode === 'reset' && <ResetPasswordForm />}
            </Suspense>
          )}
          <CardFooter mode={mode} params={params} />
        </div>
        {/* Sign-up asks with its own checkbox; signing in refers to the same two documents. */}
        {mode !== 'register' && (
          <span style={muted} className="tl-login-agreement" data-testid="login-agreement">
            {t('auth.agreementPrefix')}
            <Link to={TERMS_PATH}>{t('auth.legal.terms')}</Link>
            {t('auth.legal.and')}
            <Link to={PRIVACY_PATH}>{t('auth.legal.privacy')}</Link>
          </span>
        )}
      </section>
    </div>
  );
}

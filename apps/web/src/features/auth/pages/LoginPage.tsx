import { Typography, theme } from 'antd';
import { useAppTokens } from '../../../app/useAppTokens';
import { BrandLogo } from '../../../components/BrandLogo';
import { ComingSoon } from '../../../components/ComingSoon';
import { t } from '../../../locales';
import { BrandPanel } from '../components/BrandPanel';
import { LoginForm } from '../components/LoginForm';
import { LoginModeTabs } from '../components/LoginModeTabs';
import './login-page.css';

/** /login: brand panel and the sign-in card. Code login and sign-up arrive in a later issue. */
export function LoginPage() {
  const tokens = useAppTokens();
  const { token } = theme.useToken();
  return (
    <div className="tl-login">
      <BrandPanel />
      <section className="tl-login-main">
        <div className="tl-login-card" style={{ boxShadow: tokens.shadowCard, background: token.colorBgContainer }}>
          <div className="tl-login-card-logo">
            <BrandLogo size={36} />
          </div>
          <Typography.Title level={3} className="tl-login-title">
            {t('auth.formTitle')}
          </Typography.Title>
          <Typography.Text type="secondary">{t('auth.formSubtitle')}</Typography.Text>
          <LoginModeTabs />
          <LoginForm />
          <div className="tl-login-register">
            <Typography.Text type="secondary">{t('auth.noAccount')}</Typography.Text>
            <ComingSoon>
              <span className="tl-login-muted-link">{t('auth.register')}</span>
            </ComingSoon>
          </div>
        </div>
        <Typography.Text type="secondary" className="tl-login-agreement">
          {t('auth.agreement')}
        </Typography.Text>
      </section>
    </div>
  );
}

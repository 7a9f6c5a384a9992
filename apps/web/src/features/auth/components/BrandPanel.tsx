import { CheckCircleFilled } from '@ant-design/icons';
import { useAppTokens } from '../../../app/useAppTokens';
import { BrandLogo } from '../../../components/BrandLogo';
import { t } from '../../../locales';

const POINTS = ['auth.brandPoints.reports', 'auth.brandPoints.clients', 'auth.brandPoints.team'] as const;

/** The left half of the sign-in screen: brand, what the product is for, copyright. */
export function BrandPanel() {
  const tokens = useAppTokens();
  return (
    <section className="tl-login-brand" style={{ background: tokens.brandGradient, color: tokens.brandText }}>
      <svg className="tl-login-brand-art" viewBox="0 0 400 400" aria-hidden="true">
        <circle cx="300" cy="110" r="150" fill="none" stroke={tokens.brandTextMuted} strokeOpacity="0.14" />
        <circle cx="300" cy="110" r="96" fill="none" stroke={tokens.brandTextMuted} strokeOpacity="0.18" />
        <path
          d="M40 340 L120 290 L180 305 L250 230 L320 250 L390 170"
          fill="none"
          stroke={tokens.brandAccent}
          strokeOpacity="0.5"
          strokeWidth="2.5"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <BrandLogo size={40} textColor={tokens.brandText} />
      <div className="tl-login-brand-body">
        <h1 className="tl-login-brand-headline">{t('auth.brandHeadline')}</h1>
        <p className="tl-login-brand-subtitle" style={{ color: tokens.brandTextMuted }}>
          {t('auth.brandSubtitle')}
        </p>
        <ul className="tl-login-brand-points">
          {POINTS.map((key) => (
            <li key={key}>
              <CheckCircleFilled style={{ color: tokens.brandAccent }} />
              <span>{t(key)}</span>
            </li>
          ))}
        </ul>
      </div>
      <div className="tl-login-brand-footer" style={{ color: tokens.brandTextMuted }}>
        {t('home.footer.copyright', { year: new Date().getFullYear() })}
      </div>
    </section>
  );
}

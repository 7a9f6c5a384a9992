import { BRAND_LOGO } from '@taxlens/shared';
import { useId } from 'react';
import { useAppTokens } from '../app/useAppTokens';
import { t } from '../locales';

interface BrandLogoProps {
  size?: number;
  /** Show the 税镜 word mark beside the mark. */
  withText?: boolean;
  textColor?: string;
}

/** The logo: a lens over a small bar chart, for "looking into" a company's tax figures. */
export function BrandLogo({ size = 32, withText = true, textColor }: BrandLogoProps) {
  const tokens = useAppTokens();
  const gradientId = useId();
  return (
    <span className="tl-brand" style={{ display: 'inline-flex', alignItems: 'center', gap: size / 3.2 }}>
      <svg width={size} height={size} viewBox="0 0 32 32" role="img" aria-label={t('common.appFullName')}>
        <defs>
          <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor={tokens.logoFrom} />
            <stop offset="1" stopColor={tokens.logoTo} />
          </linearGradient>
        </defs>
        <rect width="32" height="32" rx="8" fill={`url(#${gradientId})`} />
        <circle {...BRAND_LOGO.ring} fill="none" stroke={tokens.logoMark} strokeWidth="2.4" />
        <path d={BRAND_LOGO.handle} stroke={tokens.logoMark} strokeWidth="2.8" strokeLinecap="round" />
        <path d={BRAND_LOGO.bars} stroke={tokens.logoAccent} strokeWidth="1.8" strokeLinecap="round" />
      </svg>
      {withText && (
        <span style={{ fontSize: size * 0.62, fontWeight: 500, letterSpacing: 2, color: textColor, lineHeight: 1 }}>
          {t('common.appName')}
        </span>
      )}
    </span>
  );
}

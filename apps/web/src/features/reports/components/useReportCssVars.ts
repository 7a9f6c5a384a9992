import { theme } from 'antd';
import type { CSSProperties } from 'react';

/** The report's colours as CSS variables from the antd tokens (report.css reads only these). */
export function useReportCssVars(): CSSProperties {
  const { token } = theme.useToken();
  return {
    '--tl-r-text': token.colorText,
    '--tl-r-muted': token.colorTextSecondary,
    '--tl-r-faint': token.colorTextTertiary,
    '--tl-r-border': token.colorBorderSecondary,
    '--tl-r-head-bg': token.colorFillAlter,
    '--tl-r-card-bg': token.colorBgContainer,
    '--tl-r-primary': token.colorPrimary,
    '--tl-r-primary-bg': token.colorPrimaryBg,
    '--tl-r-high': token.colorError,
    '--tl-r-high-bg': token.colorErrorBg,
    '--tl-r-medium': token.colorWarning,
    '--tl-r-medium-bg': token.colorWarningBg,
    '--tl-r-low': token.gold,
    '--tl-r-none': token.colorSuccess,
    '--tl-r-none-bg': token.colorSuccessBg,
    '--tl-r-insufficient': token.colorTextQuaternary,
    '--tl-r-insufficient-bg': token.colorFillTertiary,
    '--tl-r-verified': token.colorSuccess,
    '--tl-r-explained': token.colorInfo,
    '--tl-r-watermark': token.colorTextBase,
    '--tl-r-radius': `${token.borderRadiusLG}px`,
  } as CSSProperties;
}

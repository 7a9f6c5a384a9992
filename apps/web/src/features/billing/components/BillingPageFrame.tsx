import { theme } from 'antd';
import type { CSSProperties } from 'react';
import { PageFrame, type PageFrameProps } from '../../../components/PageFrame';
import '../billing.css';

/** The shared page frame with the theme colours billing.css reads as CSS variables. */
export function BillingPageFrame(props: Omit<PageFrameProps, 'style' | 'back'>) {
  const { token } = theme.useToken();
  // Colours for billing.css, from the theme (HOUSE-STYLE 17: no literals in components).
  const style = {
    '--tl-bill-primary': token.colorPrimary,
    '--tl-bill-primary-bg': token.colorPrimaryBg,
    '--tl-bill-border': token.colorBorderSecondary,
    '--tl-bill-fill': token.colorFillAlter,
    '--tl-bill-muted': token.colorTextSecondary,
    '--tl-bill-success': token.colorSuccess,
    '--tl-bill-warning-bg': token.colorWarningBg,
    '--tl-bill-bg': token.colorBgContainer,
  } as CSSProperties;
  return <PageFrame {...props} style={style} />;
}

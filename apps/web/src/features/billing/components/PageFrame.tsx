import { Typography, theme } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import '../billing.css';

interface PageFrameProps {
  title: string;
  subtitle?: string;
  extra?: ReactNode;
  children: ReactNode;
  testId?: string;
}

/** Frame of the billing pages: a title row with actions, then the page's cards. */
export function PageFrame({ title, subtitle, extra, children, testId }: PageFrameProps) {
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
  return (
    <div className="tl-bill-page" style={style} data-testid={testId}>
      <div className="tl-bill-head">
        <div className="tl-bill-head-text">
          <Typography.Title level={4} className="tl-bill-title">
            {title}
          </Typography.Title>
          {subtitle && <Typography.Text type="secondary">{subtitle}</Typography.Text>}
        </div>
        {extra && <div className="tl-bill-head-extra">{extra}</div>}
      </div>
      {children}
    </div>
  );
}

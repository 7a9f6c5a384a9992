import type { ReactNode } from 'react';
import { THEMES } from '../app/theme';
import { useThemeMode } from '../app/useAppTokens';
import './light-card.css';

interface LightCardProps {
  title?: ReactNode;
  extra?: ReactNode;
  size?: 'default' | 'small';
  className?: string;
  children?: ReactNode;
  'data-testid'?: string;
}

/**
 * antd's Card as the first screens use it (title, extra, body; default or small; outlined), drawn
 * with antd's tokens (light-card.css) without the component: Card imports Tabs for its tab list,
 * and Tabs brings rc-tabs, rc-menu, rc-dropdown and rc-overflow, about 20 KiB gzip that /home
 * downloaded for cards without tabs (issue 21). Pages off the first screens keep antd's Card.
 */
export function LightCard({ title, extra, size = 'default', className, children, ...rest }: LightCardProps) {
  // The theme's Card.headerFontSize, as antd's Card reads it.
  const headerFontSize = THEMES[useThemeMode()].antd.components?.Card?.headerFontSize;
  const classes = ['tl-card', size === 'small' ? 'tl-card-sm' : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <div className={classes} data-testid={rest['data-testid']}>
      {(title || extra) && (
        <div className="tl-card-head" style={size === 'small' ? undefined : { fontSize: headerFontSize }}>
          <div className="tl-card-head-wrapper">
            {title && <div className="tl-card-head-title">{title}</div>}
            {extra && <div className="tl-card-extra">{extra}</div>}
          </div>
        </div>
      )}
      <div className="tl-card-body">{children}</div>
    </div>
  );
}

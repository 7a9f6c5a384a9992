import { ArrowLeftOutlined } from '@ant-design/icons';
import { Typography } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { Link } from 'react-router';
import './page-frame.css';

export interface PageFrameProps {
  title: ReactNode;
  subtitle?: ReactNode;
  /** Buttons on the right of the title. */
  extra?: ReactNode;
  back?: { to: string; label: string };
  children: ReactNode;
  testId?: string;
  /** CSS variables a feature's stylesheet reads (theme colours, HOUSE-STYLE 17). */
  style?: CSSProperties;
}

/** The frame of the signed-in feature pages: a title row with actions, then the content. */
export function PageFrame({ title, subtitle, extra, back, children, testId, style }: PageFrameProps) {
  return (
    <div className="tl-frame" style={style} data-testid={testId}>
      {back && (
        <Link to={back.to} className="tl-frame-back">
          <ArrowLeftOutlined /> {back.label}
        </Link>
      )}
      <header className="tl-title-row">
        <div className="tl-title-row-text">
          <Typography.Title level={4} className="tl-frame-title">
            {title}
          </Typography.Title>
          {subtitle && <Typography.Text type="secondary">{subtitle}</Typography.Text>}
        </div>
        {extra && <div className="tl-title-row-actions">{extra}</div>}
      </header>
      {children}
    </div>
  );
}

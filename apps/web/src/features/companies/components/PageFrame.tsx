import { ArrowLeftOutlined } from '@ant-design/icons';
import { Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import '../companies.css';

interface PageFrameProps {
  title: ReactNode;
  subtitle?: ReactNode;
  /** Buttons on the right of the title. */
  extra?: ReactNode;
  back?: { to: string; label: string };
  children: ReactNode;
  testId?: string;
}

/** The frame of the feature's signed-in pages: a title row with actions, then the content. */
export function PageFrame({ title, subtitle, extra, back, children, testId }: PageFrameProps) {
  return (
    <div className="tl-co-page" data-testid={testId}>
      {back && (
        <Link to={back.to} className="tl-co-back">
          <ArrowLeftOutlined /> {back.label}
        </Link>
      )}
      <header className="tl-co-header">
        <div className="tl-co-heading">
          <Typography.Title level={4} className="tl-co-title">
            {title}
          </Typography.Title>
          {subtitle && <Typography.Text type="secondary">{subtitle}</Typography.Text>}
        </div>
        {extra && <div className="tl-co-actions">{extra}</div>}
      </header>
      {children}
    </div>
  );
}

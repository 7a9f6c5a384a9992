import type { ReactNode } from 'react';
import './plain-text.css';

interface PlainTextProps {
  type?: 'secondary' | 'disabled';
  strong?: boolean;
  /** One line, cut with an ellipsis (the full text in the title attribute). */
  ellipsis?: boolean;
  className?: string;
  children?: ReactNode;
  'data-testid'?: string;
}

/**
 * antd's Typography.Text for first-screen components (secondary, disabled, strong, one-line
 * ellipsis), from antd's CSS variables: Typography's copy, edit and measured ellipsis machinery
 * cost /home 6 KiB gzip for these looks (issue 21).
 */
export function PlainText({ type, strong, ellipsis, className, children, ...rest }: PlainTextProps) {
  const classes = ['tl-text', type ? `tl-text-${type}` : '', ellipsis ? 'tl-text-ellipsis' : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  const title = ellipsis && typeof children === 'string' ? children : undefined;
  return (
    <span
      className={classes}
      title={title}
      aria-disabled={type === 'disabled' || undefined}
      data-testid={rest['data-testid']}
    >
      {/* antd wraps strong text in <strong> too (the browser's bolder weight). */}
      {strong ? <strong>{children}</strong> : children}
    </span>
  );
}

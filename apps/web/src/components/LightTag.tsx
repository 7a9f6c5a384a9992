import type { GlobalToken } from 'antd';
import { theme } from 'antd';
import type { ReactNode } from 'react';
import './light-tag.css';

type Status = 'success' | 'processing' | 'error' | 'warning' | 'default';
type Preset = 'red';

interface LightTagProps {
  color?: Status | Preset;
  icon?: ReactNode;
  title?: string;
  className?: string;
  children?: ReactNode;
  'data-testid'?: string;
  'data-ready'?: boolean;
  'data-granted'?: boolean;
}

/** Text and background of antd's filled Tag for a status or preset colour (tag/style/statusCmp and presetCmp). */
function colorsOf(token: GlobalToken, color: Status | Preset): [string, string] {
  switch (color) {
    case 'success':
      return [token.colorSuccess, token.colorSuccessBg];
    case 'processing':
      return [token.colorInfo, token.colorInfoBg];
    case 'error':
      return [token.colorError, token.colorErrorBg];
    case 'warning':
      return [token.colorWarning, token.colorWarningBg];
    case 'red':
      return [token.red7, token.red1];
    default:
      // Tag's defaultBg: the tertiary fill laid on the container colour, as one solid colour.
      return [token.colorText, solidOver(token.colorFillTertiary, token.colorBgContainer)];
  }
}

/** An rgba colour laid on an opaque one, as antd's FastColor.onBackground does. */
function solidOver(top: string, bottom: string): string {
  const parse = (value: string) => {
    const rgba = value.match(/rgba?\(([^)]+)\)/);
    if (rgba?.[1]) {
      const [r = 0, g = 0, b = 0, a = 1] = rgba[1].split(',').map((part) => Number.parseFloat(part));
      return { r, g, b, a };
    }
    const hex = value.replace('#', '');
    const full = hex.length === 3 ? [...hex].map((digit) => digit + digit).join('') : hex.slice(0, 6);
    const alpha = hex.length === 8 ? Number.parseInt(hex.slice(6), 16) / 255 : 1;
    return {
      r: Number.parseInt(full.slice(0, 2), 16),
      g: Number.parseInt(full.slice(2, 4), 16),
      b: Number.parseInt(full.slice(4, 6), 16),
      a: alpha,
    };
  };
  const fg = parse(top);
  const bg = parse(bottom);
  const mix = (a: number, b: number) => Math.round(a * fg.a + b * (1 - fg.a));
  const hex = (value: number) => value.toString(16).padStart(2, '0');
  return `#${hex(mix(fg.r, bg.r))}${hex(mix(fg.g, bg.g))}${hex(mix(fg.b, bg.b))}`;
}

/**
 * antd's Tag as the first screen of /home uses it (filled, a status or preset colour, an optional
 * icon), from antd's tokens without the component (issue 21: 3.3 KiB gzip of /home). Pages off the
 * first screens keep antd's Tag.
 */
export function LightTag({ color = 'default', icon, className, children, ...rest }: LightTagProps) {
  const { token } = theme.useToken();
  const [text, background] = colorsOf(token, color);
  return (
    <span
      className={className ? `tl-tag ${className}` : 'tl-tag'}
      style={{ color: text, backgroundColor: background }}
      {...rest}
    >
      {icon}
      {icon ? <span>{children}</span> : children}
    </span>
  );
}

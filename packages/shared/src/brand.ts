/**
 * The product's look in plain values, for the pages the web client does not render: the server's
 * sandbox cashier uses the same font stack, colours and logo as the client's theme (app/theme.ts)
 * and BrandLogo, which read them from here.
 */
export const BRAND_COLORS = {
  primary: '#1f5eff',
  navy: '#0c1b3a',
  navyLight: '#15295a',
  mint: '#5ee2b5',
  gold: '#f5a623',
  logoFrom: '#2f6bff',
  logoTo: '#1239a6',
  contentBg: '#f3f5f9',
  border: '#e6eaf1',
  text: '#1f2937',
  textSecondary: '#667085',
} as const;

/** System CJK fonts first; the self-hosted Noto Sans SC renders Chinese where the system has none. */
export const BRAND_FONT_STACK = [
  '-apple-system',
  'BlinkMacSystemFont',
  "'Segoe UI'",
  "'PingFang SC'",
  "'Hiragino Sans GB'",
  "'Microsoft YaHei'",
  "'Noto Sans CJK SC'",
  "'Source Han Sans SC'",
  "'Noto Sans SC'",
  "'Helvetica Neue'",
  'Arial',
  'sans-serif',
].join(', ');

/** The logo's drawing on a 32×32 box: a lens over a small bar chart. */
export const BRAND_LOGO = {
  ring: { cx: 14.5, cy: 14.5, r: 7 },
  handle: 'M19.6 19.6 25 25',
  bars: 'M11.5 16.8v-2.6M14.5 16.8v-5M17.5 16.8v-3.6',
} as const;

/** The logo as an SVG string, for server-rendered pages. */
export function brandLogoSvg(size: number, gradientId = 'tl-logo'): string {
  const { ring, handle, bars } = BRAND_LOGO;
  return `<svg width="${size}" height="${size}" viewBox="0 0 32 32" role="img" aria-label="税镜 TaxLens"><defs><linearGradient id="${gradientId}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${BRAND_COLORS.logoFrom}"/><stop offset="1" stop-color="${BRAND_COLORS.logoTo}"/></linearGradient></defs><rect width="32" height="32" rx="8" fill="url(#${gradientId})"/><circle cx="${ring.cx}" cy="${ring.cy}" r="${ring.r}" fill="none" stroke="#ffffff" stroke-width="2.4"/><path d="${handle}" stroke="#ffffff" stroke-width="2.8" stroke-linecap="round"/><path d="${bars}" stroke="${BRAND_COLORS.mint}" stroke-width="1.8" stroke-linecap="round"/></svg>`;
}

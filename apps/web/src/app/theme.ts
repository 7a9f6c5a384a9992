import { BRAND_COLORS, BRAND_FONT_STACK } from '@taxlens/shared';
import { theme as antdTheme, type ThemeConfig } from 'antd';

/**
 * The one theme file (HOUSE-STYLE 17): antd tokens for the light pages and the dark data-view
 * pages, plus the few layout colours antd has no token for. Components read colours from here
 * or from antd's token, never from literals.
 */
export type ThemeMode = 'light' | 'dark';

// System CJK fonts first; the self-hosted Noto Sans SC renders Chinese where the system has none.
export const FONT_FAMILY = BRAND_FONT_STACK;

// Shared with the server's own pages (the sandbox cashier), so they look like the product.
const BRAND = BRAND_COLORS;

/** Layout colours beside antd's tokens (icon rail, brand panel, header accents). */
export interface AppTokens {
  railBg: string;
  railText: string;
  railTextActive: string;
  railItemHoverBg: string;
  railItemActiveBg: string;
  railDisabledText: string;
  headerBg: string;
  headerText: string;
  headerTextMuted: string;
  headerHoverBg: string;
  headerDivider: string;
  borderColor: string;
  asideBg: string;
  contentBg: string;
  brandGradient: string;
  brandText: string;
  brandTextMuted: string;
  brandAccent: string;
  logoFrom: string;
  logoTo: string;
  logoMark: string;
  logoAccent: string;
  heroGradient: string;
  levelColors: Record<1 | 2 | 3, string>;
  balanceAccent: string;
  shadowCard: string;
  shadowFloating: string;
  shadowAside: string;
}

const lightApp: AppTokens = {
  railBg: BRAND.navy,
  railText: 'rgba(255, 255, 255, 0.68)',
  railTextActive: '#ffffff',
  railItemHoverBg: 'rgba(255, 255, 255, 0.08)',
  railItemActiveBg: BRAND.primary,
  railDisabledText: 'rgba(255, 255, 255, 0.32)',
  headerBg: BRAND.navy,
  headerText: '#ffffff',
  headerTextMuted: 'rgba(255, 255, 255, 0.65)',
  headerHoverBg: 'rgba(255, 255, 255, 0.1)',
  headerDivider: 'rgba(255, 255, 255, 0.18)',
  borderColor: BRAND.border,
  asideBg: '#ffffff',
  contentBg: BRAND.contentBg,
  brandGradient: `linear-gradient(150deg, ${BRAND.navy} 0%, ${BRAND.navyLight} 55%, #1d4fd6 100%)`,
  brandText: '#ffffff',
  brandTextMuted: 'rgba(255, 255, 255, 0.72)',
  brandAccent: BRAND.mint,
  logoFrom: BRAND.logoFrom,
  logoTo: BRAND.logoTo,
  logoMark: '#ffffff',
  logoAccent: BRAND.mint,
  heroGradient: 'linear-gradient(120deg, #1f5eff 0%, #3b7bff 60%, #5aa2ff 100%)',
  levelColors: { 1: 'gold', 2: 'blue', 3: 'cyan' },
  balanceAccent: BRAND.gold,
  shadowCard: '0 1px 2px rgba(16, 24, 40, 0.04), 0 1px 3px rgba(16, 24, 40, 0.06)',
  shadowFloating: '0 6px 16px rgba(31, 94, 255, 0.32)',
  shadowAside: '4px 0 16px rgba(16, 24, 40, 0.12)',
};

const darkApp: AppTokens = {
  ...lightApp,
  railBg: '#070d1c',
  headerBg: '#070d1c',
  borderColor: '#1c2740',
  asideBg: '#0d1629',
  contentBg: '#081022',
  heroGradient: 'linear-gradient(120deg, #142a66 0%, #1b3a8a 100%)',
  shadowCard: '0 1px 3px rgba(0, 0, 0, 0.4)',
  shadowFloating: '0 6px 16px rgba(0, 0, 0, 0.5)',
  shadowAside: '4px 0 16px rgba(0, 0, 0, 0.5)',
};

/** The system's "reduce motion" setting; the browser tests set it too, so no click lands mid-animation. */
const prefersReducedMotion =
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;

const sharedToken: ThemeConfig['token'] = {
  // antd then opens and closes dialogs, drawers and pop-ups without animating them.
  motion: !prefersReducedMotion,
  colorPrimary: BRAND.primary,
  colorInfo: BRAND.primary,
  colorSuccess: '#12b76a',
  colorWarning: BRAND.gold,
  colorError: '#f04438',
  fontFamily: FONT_FAMILY,
  // Only weights 400 and 500 of the web font are shipped.
  fontWeightStrong: 500,
  borderRadius: 8,
  wireframe: false,
};

const light: ThemeConfig = {
  algorithm: antdTheme.defaultAlgorithm,
  token: { ...sharedToken, colorBgLayout: lightApp.contentBg, colorTextBase: '#1d2939' },
  components: {
    Layout: { headerBg: lightApp.headerBg, siderBg: lightApp.asideBg, bodyBg: lightApp.contentBg },
    Menu: { itemBorderRadius: 6, itemMarginInline: 8, activeBarBorderWidth: 0 },
    Card: { headerFontSize: 15 },
  },
};

const dark: ThemeConfig = {
  algorithm: antdTheme.darkAlgorithm,
  // Its own text base: a nested ConfigProvider inherits the light theme's dark text otherwise.
  token: { ...sharedToken, colorBgBase: '#0b1324', colorBgLayout: darkApp.contentBg, colorTextBase: '#ffffff' },
  components: {
    Layout: { headerBg: darkApp.headerBg, siderBg: darkApp.asideBg, bodyBg: darkApp.contentBg },
    Menu: { itemBorderRadius: 6, itemMarginInline: 8, activeBarBorderWidth: 0, darkItemBg: darkApp.asideBg },
    Card: { headerFontSize: 15 },
  },
};

export const THEMES: Record<ThemeMode, { antd: ThemeConfig; app: AppTokens }> = {
  light: { antd: light, app: lightApp },
  dark: { antd: dark, app: darkApp },
};

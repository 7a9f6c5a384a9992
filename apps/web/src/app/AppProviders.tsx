import { ConfigProvider, type ThemeConfig, theme } from 'antd';
// The ES module: antd/locale/zh_CN is CommonJS, which the bundler cannot trim.
import zhCN from 'antd/es/locale/zh_CN';
import type { ReactNode } from 'react';
import { THEMES } from './theme';

/** Names the class antd declares the light theme's CSS variables on, so AppFrame can carry it. */
const ROOT_THEME: ThemeConfig = { ...THEMES.light.antd, cssVar: { key: 'tl-root-vars' } };

/**
 * The element antd's <App> drew here before it moved to the layouts (FeedbackApp.tsx), with the text
 * style its stylesheet gave every page (colour, size, line height and font of the light theme) and
 * the theme's classes.
 */
function AppFrame({ children }: { children: ReactNode }) {
  const { token, hashId } = theme.useToken();
  return (
    <div
      // Classes <App> carried: antd's shared styles (links) hang on the theme's hash class and read
      // the theme's CSS variables, declared on its css-var class.
      className={`tl-app ${hashId} tl-root-vars`}
      style={{
        color: token.colorText,
        fontSize: token.fontSize,
        lineHeight: token.lineHeight,
        fontFamily: token.fontFamily,
      }}
    >
      {children}
    </div>
  );
}

/**
 * Providers above the router. Toasts and dialogs: FeedbackApp in the layouts, feedback-holder on
 * /login; react-query's provider: with-query-client.tsx, where pages use it (not the sign-in screen).
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={zhCN} theme={ROOT_THEME}>
      <AppFrame>{children}</AppFrame>
    </ConfigProvider>
  );
}

import { App, ConfigProvider, type ThemeConfig } from 'antd';
import { type ComponentType, type ReactNode, useEffect } from 'react';
import { fromAntd, setFeedbackSink } from '../lib/feedback';
import { THEMES } from './theme';
import { useThemeMode } from './useAppTokens';

/** Connects the HTTP client's toasts and the guards' dialogs to this <App>'s instances. */
function FeedbackBridge() {
  const api = App.useApp();
  useEffect(() => {
    setFeedbackSink(fromAntd(api));
    return () => setFeedbackSink(null);
  }, [api]);
  return null;
}

/** The light theme on its own: what <App> had when it sat above the router, whatever the page's theme. */
const APP_THEME: ThemeConfig = { ...THEMES.light.antd, inherit: false };

/**
 * antd's <App> (message, notification and modal for App.useApp()) for the layouts whose pages use it.
 * It is not in the entry: its message, notification and dialog code was a tenth of the sign-in
 * screen's JavaScript, which needs none of it (issue 21; that screen uses feedback-holder.tsx). The
 * toasts and dialogs keep the light theme they had above the router; the page inside gets its
 * route's theme back. No element of its own: AppFrame already styles the text.
 */
export function FeedbackApp({ children }: { children: ReactNode }) {
  const mode = useThemeMode();
  return (
    <ConfigProvider theme={APP_THEME}>
      <App component={false} message={{ maxCount: 3 }}>
        <FeedbackBridge />
        <ConfigProvider theme={THEMES[mode].antd}>{children}</ConfigProvider>
      </App>
    </ConfigProvider>
  );
}

/** `Component` inside FeedbackApp: a layout route's component, as the router's lazy loader returns it. */
export function withFeedbackApp(Component: ComponentType): ComponentType {
  return function WithFeedbackApp() {
    return (
      <FeedbackApp>
        <Component />
      </FeedbackApp>
    );
  };
}

import { type App, ConfigProvider, type ThemeConfig } from 'antd';
import { type ComponentType, type ReactNode, useEffect, useState } from 'react';
import { type AppApi, AppContext, deferredAppApi } from '../lib/app-api';
import { fromAntd, setFeedbackSink } from '../lib/feedback';
import { THEMES } from './theme';
import { useThemeMode } from './useAppTokens';

type AntdApp = typeof App;

/** Connects the HTTP client's toasts and the guards' dialogs to this layout's App.useApp() value. */
function FeedbackBridge({ api }: { api: AppApi }) {
  useEffect(() => {
    setFeedbackSink(fromAntd(api));
    return () => setFeedbackSink(null);
  }, [api]);
  return null;
}

/** Hands the real <App>'s api to the stand-in once it has rendered. */
function Capture({ app, onReady }: { app: AntdApp; onReady: (api: AppApi) => void }) {
  const api = app.useApp();
  useEffect(() => onReady(api), [api, onReady]);
  return null;
}

/** The light theme on its own: what <App> had when it sat above the router, whatever the page's theme. */
const APP_THEME: ThemeConfig = { ...THEMES.light.antd, inherit: false };

/**
 * antd's <App> (message, notification and modal for App.useApp()) for the layouts whose pages use it.
 * Its code (~18 KiB gzip) is in neither the entry nor the layout: the pages get App.useApp()'s
 * context at once with a stand-in (lib/app-api.ts) whose calls wait for the real <App>, loaded on
 * the first toast or dialog or the user's first pointer or key press, whichever comes first (issue
 * 21). The real <App> renders beside the page, not around it, so loading it remounts nothing.
 * The toasts and dialogs keep the light theme they had above the router; the page inside gets its
 * route's theme back. No element of its own: AppFrame already styles the text.
 */
export function FeedbackApp({ children }: { children: ReactNode }) {
  const mode = useThemeMode();
  const [RealApp, setRealApp] = useState<AntdApp | null>(null);
  const [{ load, deferred }] = useState(() => {
    let started = false;
    const start = () => {
      if (started) return;
      started = true;
      import('antd/es/app')
        .then((module) => setRealApp(() => module.default))
        // A failed chunk (a new deployment): the next call or key press tries again.
        .catch(() => {
          started = false;
        });
    };
    return { load: start, deferred: deferredAppApi(start) };
  });
  useEffect(() => {
    if (RealApp) return;
    window.addEventListener('pointerdown', load, { capture: true });
    window.addEventListener('keydown', load, { capture: true });
    return () => {
      window.removeEventListener('pointerdown', load, { capture: true });
      window.removeEventListener('keydown', load, { capture: true });
    };
  }, [RealApp, load]);
  return (
    <ConfigProvider theme={APP_THEME}>
      {RealApp && (
        <RealApp component={false} message={{ maxCount: 3 }}>
          <Capture app={RealApp} onReady={deferred.attach} />
        </RealApp>
      )}
      <AppContext.Provider value={deferred.api}>
        <FeedbackBridge api={deferred.api} />
        <ConfigProvider theme={THEMES[mode].antd}>{children}</ConfigProvider>
      </AppContext.Provider>
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

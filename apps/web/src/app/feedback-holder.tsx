import { App, ConfigProvider } from 'antd';
// The ES module: antd/locale/zh_CN is CommonJS, which the bundler cannot trim.
import zhCN from 'antd/es/locale/zh_CN';
import { useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { type FeedbackSink, fromAntd } from '../lib/feedback';
import { THEMES } from './theme';

type AppApi = ReturnType<typeof App.useApp>;

let holder: Promise<AppApi> | null = null;

/** Hands the holder's App.useApp() out once it has rendered. */
function Capture({ onReady }: { onReady: (api: AppApi) => void }) {
  const api = App.useApp();
  useEffect(() => onReady(api), [api, onReady]);
  return null;
}

/**
 * antd's <App> in a root of its own, created on first use: toasts and dialogs on screens without
 * FeedbackApp (the sign-in screen). Never unmounted, so a toast shown just before leaving the
 * screen (注册成功) stays up on the next one. Same locale, light theme and message limit as FeedbackApp.
 */
function holderApi(): Promise<AppApi> {
  holder ??= new Promise((resolve) => {
    const host = document.createElement('div');
    document.body.append(host);
    createRoot(host).render(
      <ConfigProvider locale={zhCN} theme={THEMES.light.antd}>
        <App component={false} message={{ maxCount: 3 }}>
          <Capture onReady={resolve} />
        </App>
      </ConfigProvider>,
    );
  });
  return holder;
}

/** The fallback of lib/feedback (set in main.tsx). */
export async function holderSink(): Promise<FeedbackSink> {
  return fromAntd(await holderApi());
}

export interface Toasts {
  success(text: string): void;
  error(text: string): void;
}

const holderToasts: Toasts = {
  success: (text) => void holderApi().then((api) => api.message.success(text)),
  error: (text) => void holderApi().then((api) => api.message.error(text)),
};

/**
 * App.useApp()'s message where an <App> is above (the layouts' dialogs), else the holder's (the
 * sign-in screen's forms): the same components serve both.
 */
export function useToasts(): Toasts {
  const { message } = App.useApp();
  // Outside any <App>, antd's context gives an empty object.
  return typeof message.success === 'function' ? message : holderToasts;
}

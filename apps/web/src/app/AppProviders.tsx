import { QueryClientProvider } from '@tanstack/react-query';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { type ReactNode, useEffect } from 'react';
import { fromAntd, setFeedbackSink } from '../lib/feedback';
import { queryClient } from './query-client';
import { THEMES } from './theme';

/** Connects the HTTP client's toasts and the guards' dialogs to antd's themed <App> instances. */
function FeedbackBridge() {
  const api = App.useApp();
  useEffect(() => {
    setFeedbackSink(fromAntd(api));
    return () => setFeedbackSink(null);
  }, [api]);
  return null;
}

/** Providers above the router, so toasts work while the first route is still loading. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={zhCN} theme={THEMES.light.antd}>
        <App className="tl-app" message={{ maxCount: 3 }}>
          <FeedbackBridge />
          {children}
        </App>
      </ConfigProvider>
    </QueryClientProvider>
  );
}

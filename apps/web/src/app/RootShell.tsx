import { ConfigProvider } from 'antd';
import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { t } from '../locales';
import { NavigationProgress } from './NavigationProgress';
import { THEMES } from './theme';
import { ThemeModeContext } from './useAppTokens';
import { useCurrentRoute } from './useCurrentRoute';

/** Root of every page: the route's theme (light, or dark for data-view pages) and document title. */
export function RootShell() {
  const route = useCurrentRoute();
  const mode = route?.theme ?? 'light';
  const title = route?.title;

  useEffect(() => {
    document.title = title ? `${title} - ${t('common.appFullName')}` : t('common.appFullName');
  }, [title]);

  return (
    <ThemeModeContext.Provider value={mode}>
      <ConfigProvider theme={THEMES[mode].antd}>
        <NavigationProgress />
        <Outlet />
      </ConfigProvider>
    </ThemeModeContext.Provider>
  );
}

import { createContext, useContext } from 'react';
import { type AppTokens, THEMES, type ThemeMode } from './theme';

export const ThemeModeContext = createContext<ThemeMode>('light');

/** Layout colours of the current route's theme (light, or dark for data-view pages). */
export function useAppTokens(): AppTokens {
  return THEMES[useContext(ThemeModeContext)].app;
}

export function useThemeMode(): ThemeMode {
  return useContext(ThemeModeContext);
}

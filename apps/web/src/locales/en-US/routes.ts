import type { LocaleSection } from '../types';
import type { routes as source } from '../zh-CN/routes';

export const routes: LocaleSection<typeof source> = {
  login: 'Sign in',
  home: 'Workbench',
  notFound: 'Page not found',
};

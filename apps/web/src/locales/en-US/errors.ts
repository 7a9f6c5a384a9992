import type { LocaleSection } from '../types';
import type { errors as source } from '../zh-CN/errors';

export const errors: LocaleSection<typeof source> = {
  requestFailed: 'Request failed',
  illegalRequest: 'Your sign-in environment looks unusual; please try another browser or clear the browser cache',
  sessionExpired: 'Your session has expired',
  timeout: 'The request timed out; please reload and try again',
  network: 'Network error',
  noPermission: 'current user has no permission, please contact the administrator',
  noPermissionTitle: 'Notice',
  notGroupUser: 'Please bind an account subject first',
  notFoundTitle: 'Page not found',
  notFoundDescription: 'The page you asked for does not exist or has been removed.',
  pageErrorTitle: 'The page failed to load',
  pageErrorDescription: 'Something went wrong while loading this page; please reload.',
};

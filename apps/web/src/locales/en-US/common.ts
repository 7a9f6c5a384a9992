import type { LocaleSection } from '../types';
import type { common as source } from '../zh-CN/common';

export const common: LocaleSection<typeof source> = {
  appName: 'TaxLens',
  appFullName: 'TaxLens',
  slogan: 'Enterprise tax risk checks',
  comingSoon: 'Coming soon',
  confirm: 'OK',
  cancel: 'Cancel',
  tip: 'Notice',
  yuanSymbol: '¥',
  showBalance: 'Show balance',
  hideBalance: 'Hide balance',
  loading: 'Loading…',
  backHome: 'Back to home',
  reload: 'Reload',
  loadFailed: 'Could not load the data',
  reloadData: 'Reload',
};

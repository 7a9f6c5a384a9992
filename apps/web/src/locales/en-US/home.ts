import type { LocaleSection } from '../types';
import type { home as source } from '../zh-CN/home';

export const home: LocaleSection<typeof source> = {
  greeting: {
    morning: 'Good morning',
    forenoon: 'Good morning',
    noon: 'Good day',
    afternoon: 'Good afternoon',
    evening: 'Good evening',
  },
  lastLogin: 'Signed in at',
  balanceTitle: 'Balance',
  balanceUnit: 'yuan',
  balanceNoRight: 'This account may not view the balance',
  recharge: 'Top up',
  levelTitle: 'Level',
  levelMainHint: 'All functions and management rights of the firm',
  levelMemberHint: 'Permissions are granted by the main account',
  permissionTitle: 'Permissions',
  permissionUnit: '',
  permissionOf: 'of {total}',
  permissionCardTitle: 'Permissions overview',
  permissionRouteGroup: 'Functions',
  permissionActionGroup: 'Actions',
  permissionGranted: 'Granted',
  permissionDenied: 'Not granted',
  footer: {
    copyright: '© {year} TaxLens. All rights reserved.',
    filing: 'Filing number: pending',
    friendLinks: 'Links',
    chinatax: 'State Taxation Administration',
  },
};

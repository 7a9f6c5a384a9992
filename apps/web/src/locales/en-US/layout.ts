import type { LocaleSection } from '../types';
import type { layout as source } from '../zh-CN/layout';

export const layout: LocaleSection<typeof source> = {
  menuGroups: {
    home: 'Home',
    enablement: 'Enablement',
    toker: 'Leads',
    company: 'Companies',
    recharge: 'Top-up',
  },
  asideCollapse: 'Collapse menu',
  asideExpand: 'Expand menu',
  header: {
    noSubject: 'No account subject',
    bindSubject: 'Bind an account subject',
    reportConfig: 'Report settings',
    allReports: 'All reports',
    customerService: 'Support',
  },
  user: {
    phone: 'Phone',
    group: 'Account subject',
    level: 'Level',
    balance: 'Balance',
    recharge: 'Top up',
    mainBodyInfo: 'Subject info',
    changePassword: 'Change password',
    changePhone: 'Change phone number',
    headerTheme: 'Header colour',
    logout: 'Sign out',
    logoutConfirm: 'Sign out now?',
  },
  chat: {
    entry: 'Support chat',
    newMessage: '[new message]',
    title: 'Support chat',
    hours: 'Service hours: workdays 9:00-18:00',
    pending: 'Support chat is coming soon; please contact your account manager.',
  },
};

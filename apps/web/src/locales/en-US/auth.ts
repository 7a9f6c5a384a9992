import type { LocaleSection } from '../types';
import type { auth as source } from '../zh-CN/auth';

export const auth: LocaleSection<typeof source> = {
  brandTitle: 'TaxLens',
  brandHeadline: 'See the tax risk of every client at a glance',
  brandSubtitle: 'Tax risk checks for accounting and tax firms',
  brandPoints: {
    reports: 'Invoice, business and comprehensive tax risk checks',
    clients: 'Manage client companies, their data and authorisations in one place',
    team: 'Main account, supervisors and staff with their own permissions',
  },
  formTitle: 'Welcome back',
  formSubtitle: 'Sign in with your phone number and password',
  tabPassword: 'Password',
  tabCode: 'SMS code',
  phonePlaceholder: 'Phone number',
  passwordPlaceholder: 'Password (6-12 letters or digits)',
  rememberPhone: 'Remember phone number',
  forgotPassword: 'Forgot password',
  submit: 'Sign in',
  noAccount: 'No account yet?',
  register: 'Sign up',
  agreementPrefix: 'By signing in you accept the ',
  modes: {
    codeSubtitle: 'Sign in with your phone number and an SMS code',
    registerTitle: 'Create an account',
    registerSubtitle: 'After signing up, bind your account subject (your firm) to start',
    resetTitle: 'Reset password',
    resetSubtitle: 'Set a new password with an SMS code',
    haveAccount: 'Already have an account?',
    backToLogin: 'Back to sign in',
  },
  legal: {
    consentPrefix: 'I have read and agree to the ',
    terms: 'Terms of Service',
    and: ' and the ',
    privacy: 'Privacy Policy',
  },
};

import type { LocaleSection } from '../types';
import type { policy as source } from '../zh-CN/policy';

export const policy: LocaleSection<typeof source> = {
  routes: {
    canbaojin: 'Disability levy calculator',
  },
  levy: {
    intro:
      'Disability employment security fund per 财税〔2015〕72号: (staff × local ratio − disabled employees) × average wage, the wage capped at twice the local social average.',
    levyYear: 'Levy year',
    employerKind: 'Employer type',
    enterprise: 'Enterprise',
    institution: 'Government or public institution',
    province: 'Province',
    city: 'City (optional)',
    staffCount: 'Staff last year',
    staffHint: 'Monthly average, up to two decimals',
    disabledCount: 'Other disabled employees',
    severeDisabledCount: 'Grade 1/2 disabled employees',
    severeHint: 'Each counts as two',
    totalWages: 'Total wages last year (yuan)',
    localAverageWage: 'Local social average wage (yuan/year)',
    calculate: 'Calculate',
    export: 'Export working',
    due: 'Amount payable',
    exempt: 'Exempt',
    working: 'Working',
    item: 'Item',
    process: 'Working',
    value: 'Result',
    basis: 'Basis: {basis}',
    ratioSource: 'Ratio: {region} {ratio}, {basis}',
    ratioTable: 'Ratios by region',
    region: 'Region',
    ratio: 'Ratio',
    ratioBasis: 'Basis',
    required: 'Required',
  },
};

import type { LocaleSection } from '../types';
import type { dataView as source } from '../zh-CN/data-view';

export const dataView: LocaleSection<typeof source> = {
  routes: {
    industry: 'Industry insight',
    monitor: 'Monitoring',
    monitorHistory: 'Monitoring history',
    user: 'Client analysis',
    companyDetail: 'Company detail',
    companyRisk: 'Company risk',
    companySearch: 'Company search',
    mapSearch: 'Opportunity map',
    companyList: 'Company list',
    policy: 'Policy news',
    policyDetail: 'Policy detail',
    product: 'Products',
    abnormal: 'Abnormal operation',
    businessOpportunity: 'Business opportunities',
    guide: 'About the data view',
    guide2: 'Renew the data service',
  },
  nav: { label: 'Data view navigation' },
  chart: {
    exportPng: 'Export PNG',
    loading: 'Loading chart…',
    empty: 'No data',
    exportFailed: 'The chart is not drawn yet; try again shortly',
  },
  placeholder: {
    title: 'Under construction',
    body: 'This data-view page is being built and will open here.',
  },
  guide: {
    title: 'Data view: industry insight, company monitoring and client analysis',
    body: "The data view turns your clients' report results and public records into dashboards. Ask your account manager to enable it.",
    points: [
      'Monitoring: alerts on new lawsuits, abnormal operation, credit-level changes, major tax violations or invoice risk.',
      'Client analysis: risk levels, reports by kind and month, stale data and top risk items.',
      'Industry insight: client risk ranked by industry, beside platform benchmarks.',
    ].join('\n'),
    contact: 'Contact your account manager to enable the data service.',
    back: 'Back to the workbench',
    title2: 'Data service expired',
    body2:
      'Your data service has expired or is paused; monitoring and analysis no longer update. Monitored companies and history are kept.',
    contact2: 'Contact your account manager to renew the data service.',
  },
};

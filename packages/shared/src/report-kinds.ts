import type { PermissionKey } from './permissions.js';

/** Credit types and report kinds of DESIGN.md §1. */
export const REPORT_KINDS = [
  {
    type: 1,
    reportType: 'INVOICE',
    icon: 'invoice',
    name: '发票穿透报告',
    priceField: 'invoicePrice',
    route: '/ticket',
    permission: 'invoiceThrough',
  },
  {
    type: 2,
    reportType: 'TAX',
    icon: 'risk',
    name: '经营（税务）风险检测报告',
    priceField: 'riskDetectionPrice',
    route: '/risk/report',
    permission: 'nsfw',
  },
  {
    type: 3,
    reportType: 'COMPREHENSIVE',
    icon: 'comprehensive',
    name: '综合税务风险报告',
    priceField: 'shyReportPrice',
    route: '/comprehensive/report',
    permission: 'swfxtj',
  },
  {
    type: 4,
    reportType: 'PANORAMIC',
    icon: 'panoramic',
    name: '全景报告',
    priceField: 'panoramicPrice',
    route: '/p-report',
    permission: 'qjbg',
  },
  {
    type: 5,
    reportType: 'BUSINESS_INFO',
    icon: 'business',
    name: '工商信息报告',
    priceField: 'xlbakPrice',
    route: '/p-report-list',
    permission: 'qjbg',
  },
  {
    type: 6,
    reportType: 'DUE_DILIGENCE',
    icon: 'diligence',
    name: '尽职调查报告',
    priceField: 'dueReportPrice',
    route: '/p-report-list',
    permission: 'qjbg',
  },
] as const satisfies readonly {
  type: number;
  reportType: string;
  /** Icon key the web client maps to an icon. */
  icon: string;
  name: string;
  priceField: string;
  route: string;
  permission: PermissionKey;
}[];

export type ReportKind = (typeof REPORT_KINDS)[number];
export type CreditType = ReportKind['type'];
export type ReportType = ReportKind['reportType'];
export type PriceField = ReportKind['priceField'];
export function reportKindByType(type: number): ReportKind | undefined {
  return REPORT_KINDS.find((kind) => kind.type === type);
}

export function reportKindByReportType(reportType: string): ReportKind | undefined {
  return REPORT_KINDS.find((kind) => kind.reportType === reportType);
}

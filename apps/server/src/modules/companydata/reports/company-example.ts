/**
 * The free example reports of the three company kinds: a fictitious sample company (the same 样本科技
 * as the tax examples, never a real or demo-group company) with a few records on several lists, built
 * through the same assembly as a real report so the example shows exactly what a buyer gets.
 */
import type { FinancialFigureSet } from '@taxlens/engine';
import { type ReportDetail, type RiskKind, reportKindByReportType } from '@taxlens/shared';
import type { RelationRecord, RiskRecord } from '../provider.types.js';
import { assembleCompanyReport, type CompanyReportVariant } from './company-report.kind.js';

const SAMPLE = { name: '样本科技有限公司', code: '91440300MA5SAMPLE8' };
const SOURCE = '示例数据（虚构）';
const AS_OF = '2025-10-31';
const at = { source: SOURCE, asOf: AS_OF };

const relation = (
  kind: RelationRecord['kind'],
  name: string,
  more: Partial<Omit<RelationRecord, 'kind' | 'name'>> = {},
): RelationRecord => ({
  kind,
  name,
  role: null,
  otherCode: null,
  amountFen: null,
  ratioBp: null,
  happenedOn: null,
  beforeText: null,
  afterText: null,
  ...at,
  ...more,
});

let riskId = 0;
const risk = (kind: RiskKind, title: string, more: Partial<RiskRecord>): RiskRecord => {
  riskId += 1;
  return {
    id: `example-${riskId}`,
    kind,
    creditCode: SAMPLE.code,
    name: SAMPLE.name,
    reference: null,
    title,
    category: null,
    decidedOn: null,
    removedOn: null,
    amountFen: null,
    authority: null,
    personName: null,
    details: {},
    ...at,
    ...more,
  };
};

const RISKS: RiskRecord[] = [
  risk('abnormal_operation', '未依照规定的期限公示年度报告', {
    decidedOn: '2023-07-05',
    removedOn: '2023-09-12',
    authority: '样本市市场监督管理局',
    details: { 列入原因: '未依照规定的期限公示年度报告', 移出原因: '补报未报年份的年度报告并公示' },
  }),
  risk('admin_penalty', '未按照规定期限办理纳税申报', {
    reference: '样税简罚〔2024〕1024号',
    decidedOn: '2024-05-20',
    amountFen: 200_000,
    authority: '国家税务总局样本市税务局第一税务所',
    details: { 处罚内容: '罚款2000元' },
  }),
  risk('tax_arrears', '欠缴增值税', {
    decidedOn: '2025-04-15',
    amountFen: 1_856_000,
    authority: '国家税务总局样本市税务局',
    category: '增值税',
  }),
  risk('executed_person', '被执行人', {
    reference: '（2025）样0102执1234号',
    decidedOn: '2025-03-02',
    amountFen: 8_600_000,
    authority: '样本市第二人民法院',
  }),
  risk('court_session', '买卖合同纠纷', {
    reference: '（2025）样0102民初5678号',
    decidedOn: '2025-08-19',
    authority: '样本市第二人民法院',
  }),
];

const FIGURES: FinancialFigureSet[] = [
  {
    statement: 'income_statement',
    period: '2023',
    figures: { operatingRevenue: 1_820_000_000, netProfit: 96_000_000 },
  },
  {
    statement: 'balance_sheet',
    period: '2023',
    figures: { totalAssets: 2_450_000_000, totalLiabilities: 1_310_000_000 },
  },
  {
    statement: 'income_statement',
    period: '2024',
    figures: { operatingRevenue: 1_640_000_000, netProfit: 41_000_000 },
  },
  {
    statement: 'balance_sheet',
    period: '2024',
    figures: { totalAssets: 2_580_000_000, totalLiabilities: 1_690_000_000 },
  },
];

function exampleOf(variant: CompanyReportVariant): ReportDetail {
  const built = assembleCompanyReport(variant, {
    provider: { id: 'builtin', label: '示例数据（虚构）' },
    profile: {
      creditCode: SAMPLE.code,
      name: SAMPLE.name,
      legalRep: '样本人',
      statusText: '存续',
      regionCode: '440300',
      establishedOn: '2015-06-18',
      registration: 'normal',
      registeredCapitalFen: 1_000_000_000,
      capitalText: '1000万元人民币',
      companyType: '有限责任公司（自然人投资或控股）',
      address: '样本市样本区样本路88号',
      scope: '软件开发；信息系统集成服务；计算机软硬件及辅助设备批发',
      industryCode: 'I65',
      industryName: '软件和信息技术服务业',
      taxpayerType: 'general',
      ...at,
    },
    relations: {
      shareholder: [
        relation('shareholder', '样本人', { amountFen: 700_000_000, ratioBp: 7000 }),
        relation('shareholder', '样本投资合伙企业（有限合伙）', { amountFen: 300_000_000, ratioBp: 3000 }),
      ],
      executive: [
        relation('executive', '样本人', { role: '执行董事兼总经理' }),
        relation('executive', '样本监', { role: '监事' }),
      ],
      investment: [relation('investment', '样本云服务有限公司', { amountFen: 200_000_000, ratioBp: 10000 })],
      branch: [relation('branch', '样本科技有限公司华东分公司', { role: '存续', happenedOn: '2019-03-01' })],
      change: [
        relation('change', '注册资本', { happenedOn: '2021-11-08', beforeText: '500万元', afterText: '1000万元' }),
        relation('change', '经营范围', {
          happenedOn: '2023-02-14',
          beforeText: '软件开发',
          afterText: '软件开发；信息系统集成服务',
        }),
      ],
    },
    risks: variant === 'BUSINESS_INFO' ? [] : RISKS,
    ratings: [
      { year: 2024, level: 'B', ...at },
      { year: 2023, level: 'B', ...at },
      { year: 2022, level: 'A', ...at },
    ],
    ownData:
      variant === 'BUSINESS_INFO'
        ? null
        : {
            period: { start: '2024-11', end: '2025-10' },
            sales: { count: 412, totalFen: 1_586_000_000, counterparties: 37 },
            purchases: { count: 268, totalFen: 1_102_000_000, counterparties: 52 },
          },
    figureSets: variant === 'DUE_DILIGENCE' ? FIGURES : [],
  });
  return {
    id: 0,
    reportType: variant,
    reportName: `${reportKindByReportType(variant)?.name ?? ''}（示例）`,
    firmId: null,
    taxpayerName: `${SAMPLE.name}（示例数据）`,
    taxNo: SAMPLE.code,
    periodStart: '2024-11',
    periodEnd: '2025-10',
    status: 'done',
    failureReason: null,
    overallLevel: built.overallLevel,
    highCount: built.counts.high,
    mediumCount: built.counts.medium,
    lowCount: built.counts.low,
    score: null,
    categoryCounts: null,
    paidWith: '免费',
    refunded: false,
    creator: null,
    read: true,
    createTime: `${AS_OF}T00:00:00.000Z`,
    finishTime: null,
    result: built.result,
    findings: built.result.findings as unknown as ReportDetail['findings'],
    annotations: [],
    sources: built.sources as ReportDetail['sources'],
    watermark: { text: '示例报告', imageUrl: null },
    groupName: '税镜 TaxLens',
    groupLogo: null,
  };
}

const cache = new Map<CompanyReportVariant, ReportDetail>();
export function companyExampleReport(variant: CompanyReportVariant): ReportDetail {
  const hit = cache.get(variant) ?? exampleOf(variant);
  cache.set(variant, hit);
  return hit;
}

import { describe, expect, it } from 'vitest';
import { ruleCatalogue } from '../../rules/rule-catalogue.js';
import { buildTaxReport, missingTaxData } from './tax-report.builder.js';
import type { TaxReport } from './tax-report.types.js';
import { TAX_CATEGORIES } from './tax-rule.helpers.js';
import { TAX_RULES } from './tax-rules.js';
import { demoTaxDataset, RISKY_DEMO_RULES } from './testing/demo-tax.dataset.js';

const REQUIRED = [
  'TAX_VAT_BURDEN_LOW',
  'TAX_VAT_BURDEN_SWING',
  'TAX_CIT_CONTRIBUTION_LOW',
  'TAX_REVENUE_GAP_VAT_CIT',
  'TAX_REVENUE_GAP_INVOICE_BOOKS',
  'TAX_ZERO_DECLARATION',
  'TAX_CONTINUOUS_LOSS',
  'TAX_INVENTORY_HIGH',
  'TAX_ADVANCE_RECEIPTS_HIGH',
  'TAX_EXPENSE_RATIO_HIGH',
  'TAX_ELASTICITY_REVENUE_COST',
  'TAX_INPUT_OUTPUT_RATIO',
  'TAX_SMALL_SCALE_THRESHOLD',
  'TAX_OTHER_RECEIVABLES_SHAREHOLDER',
  'TAX_GROSS_MARGIN_SWING',
];

const flagged = (report: TaxReport) =>
  report.findings
    .filter((finding) => finding.level !== 'none')
    .map((finding) => finding.ruleId)
    .sort();

describe('tax rule set', () => {
  it('has at least 40 rules with unique ids, every required one among them', () => {
    const ids = TAX_RULES.map((rule) => rule.id);
    expect(ids.length).toBeGreaterThanOrEqual(40);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of REQUIRED) expect(ids).toContain(id);
  });

  it('puts every rule in one of the three categories, with Chinese texts, and lists it in the catalogue', () => {
    const catalogue = new Map(ruleCatalogue().map((entry) => [entry.id, entry]));
    for (const rule of TAX_RULES) {
      expect(Object.values(TAX_CATEGORIES)).toContain(rule.category);
      for (const text of [rule.title, rule.basis, rule.explanation, rule.suggestion])
        expect(text).toMatch(/[\u4e00-\u9fa5]/);
      expect(rule.dataNeeded.length).toBeGreaterThan(0);
      expect(catalogue.get(rule.id)?.reportTypes).toEqual(['TAX', 'COMPREHENSIVE']);
    }
  });
});

describe('buildTaxReport on the demo company with planted risks', () => {
  const report = buildTaxReport(demoTaxDataset({ variant: 'risky' }));

  it('trips exactly the planted rules and checks everything else', () => {
    expect(flagged(report)).toEqual([...RISKY_DEMO_RULES].sort());
    expect(report.overview.counts).toEqual({ high: 8, medium: 4, low: 0, none: 37, insufficient: 0 });
    expect(report.overview.level).toBe('high');
  });

  it('counts risks per category for the notification', () => {
    expect(report.notification).toEqual({ sscwhsfxListNum: 3, szhsfxListNum: 4, jyfxListNum: 5 });
    expect(report.categories.map((group) => [group.name, group.riskCount])).toEqual([
      ['申报与财务核算风险', 3],
      ['税种合规风险', 4],
      ['经营风险', 5],
    ]);
    const grouped = report.categories.flatMap((group) => group.findings.map((finding) => finding.ruleId));
    expect(grouped.sort()).toEqual(report.findings.map((finding) => finding.ruleId).sort());
  });

  it('writes a one-page summary: level, top risks with one line each, what to do first', () => {
    const { summary } = report;
    expect(summary.levelLabel).toBe('高风险');
    expect(summary.headline).toContain(
      '示例科技有限公司2023年度至2025年度经营（税务）风险检测：高风险，发现高风险8项、中风险4项',
    );
    expect(summary.topRisks).toHaveLength(5);
    expect(summary.topRisks.every((risk) => risk.level === 'high')).toBe(true);
    expect(summary.topRisks[0]?.line).toMatch(/^增值税与所得税申报收入差异（高风险）：2024年度/);
    expect(summary.firstSteps).toHaveLength(3);
    expect(summary.notChecked).toBe('全部规则均已检测。');
  });

  it('shows each figure with the statement, period and file it came from', () => {
    const burden = report.findings.find((finding) => finding.ruleId === 'TAX_VAT_BURDEN_LOW');
    const payable = burden?.figures.find((item) => item.label === '2025年度应纳税额');
    expect(payable?.source).toMatchObject({
      kind: 'vat_return',
      label: '增值税申报汇总',
      periodText: '2025年1月至2025年12月（12期）',
      origins: ['导入文件示例科技_申报表汇总.xlsx（2026-01-20）'],
    });
    const benchmark = burden?.figures.find((item) => item.label === '行业基准税负率');
    expect(benchmark?.value).toBe(3.5);
    expect(benchmark?.source?.formula).toContain('其他（服务业）');
    expect(burden?.summary).toContain('行业基准3.5%');
  });

  it('draws yearly trends against the benchmark and every monthly VAT return', () => {
    expect(report.charts.yearly.map((point) => point.label)).toEqual(['2022年度', '2023年度', '2024年度', '2025年度']);
    // 2025: revenue 1197.9万; profit 16.5% × 1197.9万 + 2万 = 199.65万, tax 25% = 49.91万 → 4.17%;
    // VAT payable 7% of 13% output on sales → 0.91%.
    const latest = report.charts.yearly.at(-1);
    expect(latest).toMatchObject({ revenueFen: 1_197_900_000, vatBurdenPct: 0.91, citContributionPct: 4.17 });
    expect(report.charts.yearly[0]?.vatPayableFen).toBeNull();
    expect(report.charts.vatPeriods).toHaveLength(36);
    expect(report.charts.benchmark).toMatchObject({ vatBurdenPct: 3.5, citContributionPct: null });
    expect(report.benchmark.match).toBe('section');
  });

  it('lists its sources and survives a JSON round trip', () => {
    expect(report.sources.filter((source) => source.used)).toHaveLength(report.sources.length);
    expect(report.dataQuality.problems).toEqual([]);
    expect(JSON.parse(JSON.stringify(report))).toEqual(report);
  });
});

describe('buildTaxReport on the clean demo company', () => {
  it('raises no risk at all', () => {
    const report = buildTaxReport(demoTaxDataset());
    expect(flagged(report)).toEqual([]);
    expect(report.overview.level).toBe('none');
    expect(report.summary.firstSteps).toEqual(['未发现需要优先处理的风险，建议每年复核一次。']);
  });

  it('gives the same findings from monthly statements and quarterly CIT prepayments', () => {
    const annual = buildTaxReport(demoTaxDataset({ variant: 'risky' }));
    const monthly = buildTaxReport(demoTaxDataset({ variant: 'risky', monthlyStatements: true }));
    expect(monthly.dataQuality.problems).toEqual([]);
    expect(monthly.findings.map((finding) => [finding.ruleId, finding.level])).toEqual(
      annual.findings.map((finding) => [finding.ruleId, finding.level]),
    );
  });

  it('without invoices says which rules were not checked', () => {
    const report = buildTaxReport(demoTaxDataset({ withInvoices: false }));
    const insufficient = report.findings.filter((finding) => finding.level === 'insufficient').map((f) => f.ruleId);
    expect(insufficient.sort()).toEqual([
      'TAX_INPUT_DECLARED_VS_INVOICES',
      'TAX_PROPERTY_LAND_TAX',
      'TAX_PURCHASES_VS_COST',
      'TAX_REVENUE_GAP_INVOICE_BOOKS',
      'TAX_REVENUE_GAP_INVOICE_VAT',
      'TAX_STAMP_DUTY',
      'TAX_WAGE_BASED_LIMITS',
    ]);
    expect(report.summary.notChecked).toContain('发票数据（电子税务局全量发票查询导出）');
  });

  it('flags a broken balance sheet as a data problem and keeps going without it', () => {
    const data = demoTaxDataset();
    const broken = data.figureSets.map((item) =>
      item.statement === 'balance_sheet' && item.period === '2025'
        ? { ...item, figures: { ...item.figures, totalAssets: (item.figures.totalAssets ?? 0) + 50_000 } }
        : item,
    );
    const report = buildTaxReport({ ...data, figureSets: broken });
    expect(flagged(report)).toEqual(['TAX_MISSING_YEARS', 'TAX_STATEMENT_UNBALANCED']);
    expect(report.findings.find((finding) => finding.ruleId === 'TAX_STATEMENT_UNBALANCED')?.level).toBe('high');
    expect(report.dataQuality.excluded).toEqual([
      { statement: 'balance_sheet', period: '2025', reason: '2025年度资产负债表不平衡' },
    ]);
    const inventory = report.findings.find((finding) => finding.ruleId === 'TAX_INVENTORY_HIGH');
    expect(inventory?.summary).toContain('2025年度数据不足，未检测');
    expect(report.summary.firstSteps[0]).toContain('先更正1处数据问题');
  });
});

describe('missingTaxData', () => {
  it('asks for statements or returns that touch the period, and for a valid period', () => {
    const data = demoTaxDataset();
    expect(missingTaxData(data.period, data.figureSets)).toEqual([]);
    expect(missingTaxData({ start: '2030-01', end: '2030-12' }, data.figureSets)[0]).toContain(
      '2030-01 至 2030-12 没有财务报表或纳税申报数据',
    );
    expect(missingTaxData({ start: '2024-12', end: '2024-01' }, data.figureSets)[0]).toContain('报告期间无效');
  });

  it('refuses a period whose only data fails the data checks, naming why', () => {
    const data = demoTaxDataset();
    const only2025Sheet = data.figureSets
      .filter((item) => item.statement === 'balance_sheet' && item.period === '2025')
      .map((item) => ({
        ...item,
        figures: { ...item.figures, totalAssets: (item.figures.totalAssets ?? 0) + 50_000 },
      }));
    const missing = missingTaxData({ start: '2025-01', end: '2025-12' }, only2025Sheet);
    expect(missing[0]).toContain('未通过数据检查');
    expect(missing[0]).toContain('2025年度资产负债表不平衡');
    // A usable set beside the broken one is enough.
    const withIncome = [
      ...only2025Sheet,
      ...data.figureSets.filter((item) => item.period === '2025' && item.statement === 'income_statement'),
    ];
    expect(missingTaxData({ start: '2025-01', end: '2025-12' }, withIncome)).toEqual([]);
  });
});

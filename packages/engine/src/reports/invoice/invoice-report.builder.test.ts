import { describe, expect, it } from 'vitest';
import { ruleCatalogue } from '../../rules/rule-catalogue.js';
import { buildInvoiceReport } from './invoice-report.builder.js';
import { INVOICE_RULES } from './invoice-rules.js';
import { PLANTS } from './testing/anomaly.fixtures.js';
import { buildCleanCompany } from './testing/clean-company.fixtures.js';
import { cleanWorkbench } from './testing/workbench.fixtures.js';

const REQUIRED = [
  'INV_NEAR_LIMIT',
  'INV_MONTH_END',
  'INV_DAY_CONCENTRATION',
  'INV_SPLIT_SAME_AMOUNT',
  'INV_NIGHT_ISSUE',
  'INV_RED_RATIO',
  'INV_VOID_RATIO',
  'INV_CROSS_YEAR_RED',
  'INV_ABNORMAL_INPUT',
  'INV_GOODS_MISMATCH',
  'INV_PERSONAL_BUYER',
  'INV_TOP_CUSTOMER_CONCENTRATION',
  'INV_TOP_SUPPLIER_CONCENTRATION',
  'INV_SURGE_MONTH',
  'INV_ROUND_AMOUNT',
  'INV_RATE_INCONSISTENT',
];

const flagged = (report: ReturnType<typeof buildInvoiceReport>) =>
  report.findings
    .filter((finding) => finding.level !== 'none')
    .map((finding) => finding.ruleId)
    .sort();

describe('invoice rule set', () => {
  it('has at least 25 rules with unique ids, including every required one', () => {
    const ids = INVOICE_RULES.map((rule) => rule.id);
    expect(ids.length).toBeGreaterThanOrEqual(25);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of REQUIRED) expect(ids).toContain(id);
  });

  it('lists every rule in the catalogue with Chinese texts', () => {
    const catalogue = ruleCatalogue().filter((entry) => entry.reportTypes.includes('INVOICE'));
    expect(catalogue.map((entry) => entry.id)).toEqual(INVOICE_RULES.map((rule) => rule.id));
    for (const entry of catalogue) {
      expect(entry.reportTypes).toContain('INVOICE');
      expect(entry.dataNeeded.length).toBeGreaterThan(0);
      expect(entry.basis).toMatch(/[\u4e00-\u9fa5]/);
    }
  });
});

describe('buildInvoiceReport on a clean company', () => {
  const input = buildCleanCompany();
  const report = buildInvoiceReport(input);

  it('raises no finding at all, so no high risk', () => {
    expect(report.overview.counts.high).toBe(0);
    expect(flagged(report)).toEqual([]);
    expect(report.overview.level).toBe('none');
    expect(report.overview.levelLabel).toBe('未发现明显风险');
  });

  it('survives a JSON round trip unchanged', () => {
    expect(JSON.parse(JSON.stringify(report))).toEqual(report);
  });

  it('adds up the overview in fen: net sales = blue + red, months zero-filled', () => {
    const sales = input.invoices.filter((item) => item.direction === 'sales');
    const net = sales.reduce((sum, item) => sum + item.amountFen, 0);
    expect(report.overview.sales.net.amountFen).toBe(net);
    expect(report.overview.sales.byMonth).toHaveLength(12);
    expect(report.overview.sales.byMonth.reduce((sum, month) => sum + month.amountFen, 0)).toBe(net);
    expect(report.overview.sales.red.count).toBe(1);
    expect(report.overview.sales.red.amountFen).toBe(-200_000);
    expect(report.overview.sales.byRate[0]?.rate).toBe('13%');
    expect(report.overview.purchases.byKind.map((kind) => kind.kind)).toContain('数电发票（普通发票）');
  });

  it('ranks counterparties with shares, statuses and no new or lost ones', () => {
    const customers = report.counterparties.customers;
    expect(customers.top).toHaveLength(10);
    expect(customers.counterpartyCount).toBe(20);
    expect(customers.top[0]?.status).toBe('正常；纳税信用A级');
    expect(customers.addedCount).toBe(0);
    expect(customers.lostCount).toBe(0);
    expect(report.counterparties.suppliers.counterpartyCount).toBe(15);
  });

  it('lists goods by category and what was bought but not sold', () => {
    expect(report.goods.sales.map((row) => row.key).sort()).toEqual(['五金制品', '水泥', '电线电缆', '钢材']);
    expect(report.goods.soldNotBought).toEqual([]);
    expect(report.goods.boughtNotSold.map((row) => row.category).sort()).toEqual(['文具', '经营租赁', '运输服务']);
    expect(report.goods.salesRateSpread).toEqual([]);
  });

  it('says 数据不足 for counterparty status when none is given', () => {
    const bare = buildInvoiceReport({ ...input, counterpartyStatus: undefined });
    expect(bare.counterparties.customers.top[0]?.status).toBe('数据不足');
    const status = bare.findings.find((finding) => finding.ruleId === 'INV_COUNTERPARTY_STATUS');
    expect(status?.level).toBe('insufficient');
    expect(bare.overview.counts.insufficient).toBe(1);
  });
});

describe('buildInvoiceReport with one planted anomaly at a time', () => {
  it('covers every rule with a plant', () => {
    expect(Object.keys(PLANTS).sort()).toEqual(INVOICE_RULES.map((rule) => rule.id).sort());
  });

  for (const [ruleId, { expected, plant }] of Object.entries(PLANTS)) {
    it(`${ruleId} raises exactly ${expected.join(' + ')}`, () => {
      const bench = cleanWorkbench();
      plant(bench);
      const report = buildInvoiceReport(bench);
      expect(flagged(report)).toEqual([...expected].sort());
    });
  }

  it('raises exactly the planted rules when several are planted together', () => {
    const bench = cleanWorkbench();
    const together = [
      'INV_NIGHT_ISSUE',
      'INV_SPLIT_SAME_AMOUNT',
      'INV_ABNORMAL_INPUT',
      'INV_CROSS_YEAR_RED',
      'INV_SELF_COUNTERPARTY',
    ];
    for (const id of together) PLANTS[id]!.plant(bench);
    const report = buildInvoiceReport(bench);
    expect(flagged(report)).toEqual([...together].sort());
    expect(report.overview.level).toBe('high');
    expect(report.overview.counts.high).toBe(3);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Finding, FindingLevel } from '../../rules/finding.types.js';
import { buildInvoiceReport } from '../invoice/invoice-report.builder.js';
import { buildCleanCompany } from '../invoice/testing/clean-company.fixtures.js';
import type { TaxFinding } from '../tax/tax-report.types.js';
import { demoTaxDataset } from '../tax/testing/demo-tax.dataset.js';
import { buildComprehensiveReport } from './comprehensive-report.builder.js';
import { SCORE_METHOD, scoreFindings } from './comprehensive-score.js';

/** A bare invoice-report finding at `level`. */
function invoiceFinding(ruleId: string, level: FindingLevel): Finding {
  return {
    ruleId,
    title: `发票规则${ruleId}`,
    category: '开票趋势',
    level,
    summary: '示例发现。',
    figures: [],
    threshold: '示例阈值',
    evidence: { invoiceKeys: ['24312000000000000001'], total: 1 },
    explanation: '示例说明',
    basis: '示例依据',
    suggestion: '示例建议',
  };
}

describe('buildComprehensiveReport', () => {
  it('without invoice findings: says so and scores the tax findings by the documented method', () => {
    const report = buildComprehensiveReport(demoTaxDataset({ variant: 'risky' }));
    expect(report.invoice.included).toBe(false);
    expect(report.invoice.note).toContain('未提供同期发票穿透报告');
    expect(report.summary.notChecked).toContain('未提供同期发票穿透报告');
    // 申报与财务核算: 3 high = 30 (cap 30); 税种合规: 3 high + 1 medium = 35, capped at 30;
    // 经营: 2 high + 3 medium = 35, capped at 20; 发票: 0. 100 − 30 − 30 − 20 − 0 = 20.
    expect(
      report.score.rows.map((row) => [row.key, row.high, row.medium, row.low, row.rawDeduction, row.deduction]),
    ).toEqual([
      ['declaration', 3, 0, 0, 30, 30],
      ['compliance', 3, 1, 0, 35, 30],
      ['operations', 2, 3, 0, 35, 20],
      ['invoice', 0, 0, 0, 0, 0],
    ]);
    expect(report.score.value).toBe(20);
    expect(report.score.grade).toBe('差（风险高）');
    expect(report.score.calculation).toBe(
      '100 − 30（申报与财务核算风险） − 30（税种合规风险） − 20（经营风险） − 0（发票风险） = 20',
    );
    expect(report.score.method).toContain('每项高风险扣10分、中风险扣5分、低风险扣2分');
    expect(report.notification).toEqual({ highRiskAllNum: 8, mediumRiskAllNum: 4, lowRiskAllNum: 0 });
  });

  it('adds the invoice findings: counts, ranking and the invoice deduction', () => {
    const data = demoTaxDataset();
    const invoiceFindings = [
      invoiceFinding('INV_A', 'high'),
      invoiceFinding('INV_B', 'medium'),
      invoiceFinding('INV_C', 'low'),
      invoiceFinding('INV_D', 'none'),
      invoiceFinding('INV_E', 'insufficient'),
    ];
    const report = buildComprehensiveReport({ ...data, invoiceFindings });
    expect(report.invoice.included).toBe(true);
    expect(report.invoice.counts).toEqual({ high: 1, medium: 1, low: 1, none: 1, insufficient: 1 });
    // Clean tax data deducts nothing; invoices 10 + 5 + 2 = 17. 100 − 17 = 83 → 良.
    expect(report.score.value).toBe(83);
    expect(report.score.grade).toBe('良（存在一定风险）');
    expect(report.notification).toEqual({ highRiskAllNum: 1, mediumRiskAllNum: 1, lowRiskAllNum: 1 });
    expect(report.ranking.high.map((finding) => finding.ruleId)).toEqual(['INV_A']);
    expect(report.findings.at(-1)).toMatchObject({ ruleId: 'INV_E', categoryKey: 'invoice' });
    // One scale: 83 is 良, so the report's level is 中风险, whatever the single findings say.
    expect(report.overview.level).toBe('medium');
    expect(report.score.level).toBe('medium');
    expect(report.overview.levelRule).toContain('综合得分83分，等级良（存在一定风险），综合风险等级为中风险');
    expect(report.summary.topRisks.map((risk) => risk.ruleId)).toEqual(['INV_A', 'INV_B', 'INV_C']);
  });

  it('takes the real invoice report of the same period as it is', () => {
    const invoiceReport = buildInvoiceReport(buildCleanCompany());
    const report = buildComprehensiveReport({ ...demoTaxDataset(), invoiceFindings: invoiceReport.findings });
    expect(report.invoice.findings).toHaveLength(invoiceReport.findings.length);
    expect(report.score.value).toBe(100);
    expect(report.score.grade).toBe('优（风险较低）');
    expect(JSON.parse(JSON.stringify(report))).toEqual(report);
  });

  it('carries everything of the tax report: categories, charts, data quality, summary', () => {
    const report = buildComprehensiveReport(demoTaxDataset({ variant: 'risky' }));
    expect(report.categories.map((group) => group.riskCount)).toEqual([3, 4, 5]);
    expect(report.charts.yearly).toHaveLength(4);
    expect(report.dataQuality.problems).toEqual([]);
    expect(report.summary.headline).toContain('综合税务风险');
  });
});

describe('the score follows the documented method', () => {
  const levels: FindingLevel[] = ['high', 'medium', 'low', 'none', 'insufficient'];
  const groups = ['declaration', 'compliance', 'operations', 'invoice'] as const;
  const arbitraryFinding = fc.record({
    level: fc.constantFrom(...levels),
    categoryKey: fc.constantFrom(...groups),
  });

  it('equals 100 − Σ min(cap, 10 × high + 5 × medium + 2 × low) per group, never below 0', () => {
    fc.assert(
      fc.property(fc.array(arbitraryFinding, { maxLength: 60 }), (drawn) => {
        const findings: TaxFinding[] = drawn.map((item, index) => ({
          ...invoiceFinding(`R${index}`, item.level),
          categoryKey: item.categoryKey,
        }));
        let expected = 100;
        for (const group of groups) {
          const own = drawn.filter((item) => item.categoryKey === group);
          const raw =
            10 * own.filter((item) => item.level === 'high').length +
            5 * own.filter((item) => item.level === 'medium').length +
            2 * own.filter((item) => item.level === 'low').length;
          expected -= Math.min(raw, SCORE_METHOD.caps[group]);
        }
        const score = scoreFindings(findings);
        expect(score.value).toBe(Math.max(0, expected));
        expect(score.value).toBeGreaterThanOrEqual(0);
        expect(score.rows.reduce((sum, row) => sum + row.deduction, 0)).toBe(100 - score.value);
      }),
    );
  });

  it('grades at the documented bounds: 90 优, 89 良, 75 良, 74 中, 60 中, 59 差', () => {
    const withDeduction = (lows: number) =>
      scoreFindings(
        Array.from({ length: lows }, (_, index) => ({
          ...invoiceFinding(`L${index}`, 'low'),
          categoryKey: 'declaration' as const,
        })),
      );
    expect(withDeduction(5).value).toBe(90);
    expect(withDeduction(5).grade).toBe('优（风险较低）');
    const custom = {
      ...SCORE_METHOD,
      perFinding: { high: 10, medium: 5, low: 1 },
      caps: { ...SCORE_METHOD.caps, declaration: 100 },
    };
    const at = (lows: number) =>
      scoreFindings(
        Array.from({ length: lows }, (_, index) => ({
          ...invoiceFinding(`L${index}`, 'low'),
          categoryKey: 'declaration' as const,
        })),
        custom,
      ).grade;
    expect([at(11), at(25), at(26), at(40), at(41)]).toEqual([
      '良（存在一定风险）',
      '良（存在一定风险）',
      '中（风险较高）',
      '中（风险较高）',
      '差（风险高）',
    ]);
  });
});

describe('the score and the rules it could check', () => {
  const none = (count: number, level: FindingLevel) =>
    Array.from({ length: count }, (_, index) => ({
      ...invoiceFinding(`${level}${index}`, level),
      categoryKey: 'declaration' as const,
    }));

  it('counts checked and 数据不足 rules; up to 30% unchecked keeps the top grade', () => {
    const score = scoreFindings([...none(7, 'none'), ...none(3, 'insufficient')]);
    expect(score.value).toBe(100);
    expect(score.grade).toBe('优（风险较低）');
    expect(score.coverage).toMatchObject({ total: 10, checked: 7, insufficient: 3, limited: false });
    expect(score.coverage.note).toBe('共10项规则，已检测7项，数据不足3项');
  });

  it('more than 30% unchecked: the same 100 points, but 良 at best, and the note says why', () => {
    const score = scoreFindings([...none(6, 'none'), ...none(4, 'insufficient')]);
    expect(score.value).toBe(100);
    expect(score.grade).toBe('良（存在一定风险）');
    expect(score.coverage.limited).toBe(true);
    expect(score.coverage.note).toContain('超过30%，评分仅供参考');
    // A lower grade is never raised or lowered by it.
    const poor = scoreFindings([...none(2, 'high'), ...none(3, 'high'), ...none(5, 'insufficient')]);
    expect(poor.grade).toBe(scoreFindings(none(5, 'high')).grade);
  });
});

describe('the score method text', () => {
  it('one scale for score and level: one high finding (90分) is withheld to 良 and 中风险; 5 lows (90分) stay 优 and 低风险; none at all is 未发现明显风险', () => {
    const one = (level: 'high' | 'low', count: number) =>
      scoreFindings(
        Array.from({ length: count }, (_, index) => ({
          ...invoiceFinding(`F${index}`, level),
          categoryKey: 'operations' as const,
        })),
      );
    const high = one('high', 1);
    expect([high.value, high.grade, high.level]).toEqual([90, '良（存在一定风险）', 'medium']);
    expect(high.levelRule).toContain('有高风险发现，不评为最高等级');
    const lows = one('low', 5);
    expect([lows.value, lows.grade, lows.level]).toEqual([90, '优（风险较低）', 'low']);
    expect(scoreFindings([]).level).toBe('none');
  });

  it('reads as the table computes', () => {
    expect(scoreFindings([]).method).toBe(
      '满分100分。每项高风险扣10分、中风险扣5分、低风险扣2分，未发现异常和数据不足的规则不扣分；各类别扣分设上限：申报与财务核算风险最多扣30分、税种合规风险最多扣30分、经营风险最多扣20分、发票风险最多扣20分；总分不低于0分。90分及以上为优（风险较低），75分及以上为良（存在一定风险），60分及以上为中（风险较高），低于60分为差（风险高）。有高风险发现或数据不足的规则超过30%时，不评为最高等级。综合风险等级由得分等级决定：优为低风险、良为中风险、中为高风险、差为高风险；没有任何风险发现时为未发现明显风险。',
    );
  });
});

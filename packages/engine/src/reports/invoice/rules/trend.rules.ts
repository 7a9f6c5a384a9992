import { defineRule, evidenceOf, levelBy } from '../../../rules/define-rule.js';
import { round2, yuanText } from '../../../rules/display.js';
import { monthOf } from '../invoice-calendar.js';
import type { InvoiceRuleInput, SideView } from '../invoice-context.js';
import { uncoveredNote } from '../invoice-coverage.js';
import { addTo, countFigure, fenFigure, INVOICE_REPORT_TYPES, NO_SALES, SOURCE } from './invoice-rule.helpers.js';

const CATEGORY = '开票趋势';

/** Net (blue minus red, void left out) amount of a side by month. */
function netByMonth(side: SideView): Map<string, number> {
  const byMonth = new Map<string, number>();
  for (const invoice of side.blue) addTo(byMonth, monthOf(invoice.issuedAt), invoice.amountFen);
  for (const invoice of side.red) addTo(byMonth, monthOf(invoice.issuedAt), invoice.amountFen);
  return byMonth;
}

export const surgeMonthRule = defineRule({
  id: 'INV_SURGE_MONTH',
  title: '开票额突增',
  category: CATEGORY,
  reportTypes: INVOICE_REPORT_TYPES,
  dataNeeded: ['本期各月销项发票', '上期销项发票（无上期时需本期至少4个月）'],
  basis: `${SOURCE.assessment}中的主营业务收入变动率指标；倍数阈值为${SOURCE.ours}。短期开票额突增也是${SOURCE.digitalWarning}之一。`,
  explanation: '单月开票额远高于平常水平，可能是集中确认收入、突击开票或被利用虚开；数电系统会因此调整授信额度或预警。',
  suggestion: '说明突增月份的业务来源（大额合同、季节性销售），备好合同、物流与回款凭证。',
  thresholds: {
    lowMultiple: 2,
    mediumMultiple: 3,
    highMultiple: 5,
    minMonthAmountFen: 10_000_000,
    minBaselineMonths: 3,
  },
  describeThreshold: (limits) =>
    `单月销售额（不含税，扣除红冲，至少${yuanText(limits.minMonthAmountFen)}）达到基准的${limits.lowMultiple}倍为低风险，${limits.mediumMultiple}倍为中风险，${limits.highMultiple}倍为高风险；基准为上期（报告期前同样长度的期间）已导入发票各月的月均销售额，无上期数据时为本期其他已导入发票月份的月均销售额；未导入发票的月份不计`,
  check(input: InvoiceRuleInput, limits) {
    if (input.sales.blue.length === 0) return NO_SALES;
    const current = netByMonth(input.sales);
    // Months without imported invoices are no data, not zero sales: they take no part in the baseline.
    const months = input.coverage.covered;
    const previousMonths = input.previous ? input.previousCoverage.covered : [];
    const usePrevious = previousMonths.length > 0 && (input.previous?.sales.all.length ?? 0) > 0;
    const note = uncoveredNote(input.coverage);
    if (!usePrevious && months.length < limits.minBaselineMonths + 1) {
      return {
        level: 'insufficient',
        missingData: [
          `上期销项发票，或本期至少${limits.minBaselineMonths + 1}个月的开票数据（已导入发票的月份${months.length}个${note}）`,
        ],
      };
    }
    const previous = usePrevious && input.previous ? netByMonth(input.previous.sales) : null;
    const previousAverage = previous
      ? previousMonths.reduce((sum, month) => sum + (previous.get(month) ?? 0), 0) / previousMonths.length
      : 0;
    const currentTotal = months.reduce((sum, month) => sum + (current.get(month) ?? 0), 0);
    const baselineOf = (month: string) =>
      previous ? previousAverage : (currentTotal - (current.get(month) ?? 0)) / (months.length - 1);
    const baselineName = previous
      ? `上期${previousMonths[0]}至${previousMonths.at(-1)}共${previousMonths.length}个月的月均销售额`
      : `本期其他${months.length - 1}个月的月均销售额`;
    let worst = { month: '', amount: 0, baseline: 0, multiple: 0 };
    const surged: string[] = [];
    for (const month of months) {
      const amount = current.get(month) ?? 0;
      if (amount < limits.minMonthAmountFen) continue;
      const baseline = baselineOf(month);
      const multiple = baseline > 0 ? amount / baseline : Number.POSITIVE_INFINITY;
      if (multiple >= limits.lowMultiple) surged.push(month);
      if (multiple > worst.multiple) worst = { month, amount, baseline, multiple };
    }
    const comparison = Number.isFinite(worst.multiple)
      ? `是${baselineName}${yuanText(Math.round(worst.baseline))}的${round2(worst.multiple)}倍`
      : `而${baselineName}为零或负数，无法计算倍数`;
    return {
      level: levelBy({
        high: worst.multiple >= limits.highMultiple,
        medium: worst.multiple >= limits.mediumMultiple,
        low: worst.multiple >= limits.lowMultiple,
      }),
      summary:
        surged.length > 0
          ? `${surged.length}个月销售额达到基准的${limits.lowMultiple}倍以上，最高为${worst.month}的${yuanText(worst.amount)}，${comparison}${note}。`
          : `各月销售额均未达到${baselineName}的${limits.lowMultiple}倍${note}。`,
      figures: [
        countFigure('突增月份数', surged.length, '个月'),
        { label: '最高突增月份', value: worst.month || '—' },
        fenFigure('该月销售额', worst.amount),
        fenFigure(previous ? '基准：上期月均销售额' : '基准：本期其他月份月均销售额', Math.round(worst.baseline)),
        { label: '基准月数', value: previous ? previousMonths.length : months.length - 1, unit: '个月' },
        { label: '倍数', value: Number.isFinite(worst.multiple) ? round2(worst.multiple) : '基准为零', unit: '倍' },
        countFigure('未导入发票的月份数', input.coverage.uncovered.length, '个月'),
      ],
      evidence:
        surged.length > 0
          ? evidenceOf(
              input.sales.blue
                .filter((invoice) => monthOf(invoice.issuedAt) === worst.month)
                .map((invoice) => invoice.key),
            )
          : null,
    };
  },
});

export const zeroSalesMonthsRule = defineRule({
  id: 'INV_ZERO_SALES_MONTHS',
  title: '零销售月份',
  category: CATEGORY,
  reportTypes: INVOICE_REPORT_TYPES,
  dataNeeded: ['本期各月销项发票', '本期各月进项发票（至少3个月）'],
  basis: `${SOURCE.creditRule}：无正当理由连续3个月或累计6个月增值税零申报的，不得评为A级；本规则以无销售开票的月份近似零申报（未读取申报表），分级为${SOURCE.ours}。`,
  explanation: '长期无销售开票却持续经营或取得进项，可能存在账外收入、长期零申报或“空壳”经营，也影响纳税信用评级。',
  suggestion: '核对零开票月份是否确无收入、是否存在未开票收入并已如实申报，必要时补充无票收入申报。',
  thresholds: { highConsecutive: 3, highTotal: 6, mediumConsecutive: 2, lowTotal: 1, minCoveredMonths: 3 },
  describeThreshold: (limits) =>
    `已导入发票的月份中，没有任何蓝字销项发票的月份（红冲超过当月开票的月份另由“大额红冲”判断）：连续≥${limits.highConsecutive}个月或累计≥${limits.highTotal}个月为高风险，连续≥${limits.mediumConsecutive}个月为中风险，≥${limits.lowTotal}个月为低风险；已导入发票的月份少于${limits.minCoveredMonths}个时不检测`,
  check(input: InvoiceRuleInput, limits) {
    if (input.months.length === 0) return { level: 'insufficient', missingData: ['报告期间（起止月份）'] };
    if (input.sales.blue.length === 0) return NO_SALES;
    const { covered, uncovered } = input.coverage;
    const note = uncoveredNote(input.coverage);
    if (covered.length < limits.minCoveredMonths) {
      return {
        level: 'insufficient',
        missingData: [`至少${limits.minCoveredMonths}个月的发票数据（已导入发票的月份${covered.length}个${note}）`],
      };
    }
    // A month with blue sales invoices had sales, whatever its red invoices flushed.
    const blueMonths = new Set(
      input.sales.blue.filter((invoice) => invoice.amountFen > 0).map((invoice) => monthOf(invoice.issuedAt)),
    );
    const purchaseMonths = new Set(input.purchases.blue.map((invoice) => monthOf(invoice.issuedAt)));
    const coveredSet = new Set(covered);
    const zeroMonths: string[] = [];
    let run = 0;
    let longest = 0;
    for (const month of input.months) {
      // A month without imported invoices breaks a run: nothing is known about it.
      if (!coveredSet.has(month)) run = 0;
      else if (!blueMonths.has(month)) {
        zeroMonths.push(month);
        run += 1;
        longest = Math.max(longest, run);
      } else {
        run = 0;
      }
    }
    const withPurchases = zeroMonths.filter((month) => purchaseMonths.has(month));
    const zeroSet = new Set(withPurchases);
    return {
      level: levelBy({
        high: longest >= limits.highConsecutive || zeroMonths.length >= limits.highTotal,
        medium: longest >= limits.mediumConsecutive,
        low: zeroMonths.length >= limits.lowTotal,
      }),
      summary:
        zeroMonths.length > 0
          ? `已导入发票的${covered.length}个月中有${zeroMonths.length}个月无销售开票（${zeroMonths.join('、')}），最长连续${longest}个月，其中${withPurchases.length}个月仍有进项${note}。`
          : `已导入发票的${covered.length}个月均有销售开票${note}。`,
      figures: [
        countFigure('期间月份数', input.months.length, '个月'),
        countFigure('已导入发票的月份数', covered.length, '个月'),
        countFigure('未导入发票的月份数', uncovered.length, '个月'),
        countFigure('零销售月份数', zeroMonths.length, '个月'),
        countFigure('最长连续零销售', longest, '个月'),
        countFigure('零销售但有进项的月份', withPurchases.length, '个月'),
      ],
      // The purchases of months without sales are what a reader checks first.
      evidence: evidenceOf(
        input.purchases.blue.filter((invoice) => zeroSet.has(monthOf(invoice.issuedAt))).map((invoice) => invoice.key),
      ),
    };
  },
});

export const TREND_RULES = [surgeMonthRule, zeroSalesMonthsRule];

import { defineRule } from '../../../rules/define-rule.js';
import { percentText, yuanText } from '../../../rules/display.js';
import type { Cover } from '../figure-sets.js';
import type { PeriodData, TaxRuleInput } from '../tax-context.js';
import type { TaxFigure } from '../tax-report.types.js';
import {
  annualized,
  changeRate,
  clean,
  derived,
  fenFigure,
  type Level,
  missingOf,
  overYears,
  pctFigure,
  pointsText,
  read,
  sum,
  TAX_CATEGORIES,
  TAX_REPORT_TYPES,
  TAX_SOURCE,
  type YearResult,
} from '../tax-rule.helpers.js';

const CATEGORY = TAX_CATEGORIES.operations;

/** Year-end balances against the year's revenue scaled to twelve months, or why not. */
function balanceAndRevenue(
  slice: PeriodData,
): { missing: string[] } | { closing: Extract<Cover, { ok: true }>; yearly: number; revenueFigure: TaxFigure } {
  const missing = missingOf(slice.closing, slice.income);
  const revenue = read(slice.income, 'operatingRevenue');
  if (missing.length > 0 || !slice.closing.ok || !slice.income.ok || revenue === undefined) {
    return { missing: missing.length > 0 ? missing : [`${slice.label}营业收入`] };
  }
  const yearly = annualized(revenue, slice.monthCount);
  const revenueFigure = fenFigure(
    `${slice.label}年化营业收入`,
    yearly,
    slice.monthCount === 12 ? slice.income.source : derived(`营业收入 × 12 ÷ ${slice.monthCount}`, slice.label),
  );
  return { closing: slice.closing, yearly, revenueFigure };
}

export const advanceReceiptsHighRule = defineRule({
  id: 'TAX_ADVANCE_RECEIPTS_HIGH',
  title: '预收账款占收入比例偏高',
  category: CATEGORY,
  reportTypes: TAX_REPORT_TYPES,
  dataNeeded: ['期末资产负债表（预收账款、合同负债）', '利润表营业收入'],
  basis: `${TAX_SOURCE.ours}：预收账款占营业收入超过10%为低风险、超过20%为中风险、超过50%为高风险（实务中10%、20%两种预警口径并存，本规则分级使用）。`,
  explanation: '预收款长期挂账不结转收入，可能推迟或隐匿收入；租赁、建筑、房地产等预收款在收款时即发生增值税纳税义务。',
  suggestion: '逐笔清理预收账款与合同负债，已发货或已提供服务的及时确认收入并申报；按规定预缴增值税的核对预缴情况。',
  thresholds: { lowShare: 0.1, mediumShare: 0.2, highShare: 0.5 },
  describeThreshold: (t) =>
    `期末（预收账款 + 合同负债）÷ 年化营业收入 > ${percentText(t.lowShare)}为低风险、> ${percentText(t.mediumShare)}为中风险、> ${percentText(t.highShare)}为高风险`,
  check: (input: TaxRuleInput, t) =>
    overYears(input, (slice): YearResult => {
      const found = balanceAndRevenue(slice);
      if ('missing' in found) return { label: slice.label, missing: found.missing };
      const advances = sum(found.closing, ['advancesFromCustomers', 'contractLiabilities']);
      const share = found.yearly > 0 ? clean(advances / found.yearly) : advances > 0 ? 1 : 0;
      const level: Level =
        share > t.highShare ? 'high' : share > t.mediumShare ? 'medium' : share > t.lowShare ? 'low' : 'none';
      return {
        label: slice.label,
        level,
        line: `${slice.label}末预收账款及合同负债${yuanText(advances)}，占年化营业收入${percentText(share)}`,
        figures: [
          fenFigure(`${slice.label}末预收账款及合同负债`, advances, found.closing.source),
          found.revenueFigure,
          pctFigure(`${slice.label}预收占收入比`, share, derived('（预收账款 + 合同负债）÷ 年化营业收入', slice.label)),
        ],
      };
    }),
});

const RECEIVABLE_KEYS = ['accountsReceivable', 'notesReceivable', 'notesAndAccountsReceivable'];

export const receivablesGrowthRule = defineRule({
  id: 'TAX_RECEIVABLES_GROWTH',
  title: '应收账款增长快于收入',
  category: CATEGORY,
  reportTypes: TAX_REPORT_TYPES,
  dataNeeded: ['本年及上年同期末资产负债表（应收账款、应收票据）', '本年及上年同期利润表营业收入'],
  basis: `应收账款增长率与营业收入增长率对比为审计与纳税评估常用分析；分级为${TAX_SOURCE.ours}。`,
  explanation: '应收账款增速远超收入，可能是开票后资金不回流（虚开的典型特征）、虚增收入，或回款被转入个人账户。',
  suggestion: '分析应收账款账龄与前十大欠款方，核对期后回款；长期未收回的说明原因，资金流与发票流不一致的重点核查。',
  thresholds: { minGrowth: 0.2, lowGapPoints: 0.2, mediumGapPoints: 0.4 },
  describeThreshold: (t) =>
    `应收账款（含应收票据）增长率 ≥ ${percentText(t.minGrowth)}且高出营业收入增长率${pointsText(t.lowGapPoints)}为低风险、${pointsText(t.mediumGapPoints)}为中风险`,
  check: (input: TaxRuleInput, t) =>
    overYears(input, (slice): YearResult => {
      const missing = missingOf(slice.closing, slice.previous.closing, slice.income, slice.previous.income);
      if (missing.length > 0 || !slice.closing.ok || !slice.previous.closing.ok) return { label: slice.label, missing };
      const current = sum(slice.closing, RECEIVABLE_KEYS);
      const base = sum(slice.previous.closing, RECEIVABLE_KEYS);
      const growth = changeRate(current, base);
      const revenue = changeRate(
        read(slice.income, 'operatingRevenue') ?? 0,
        read(slice.previous.income, 'operatingRevenue') ?? 0,
      );
      if (growth === null || revenue === null) {
        return { label: slice.label, skip: `${slice.previous.label}末应收账款或营业收入为零，不适用。` };
      }
      const gap = growth - revenue;
      const level: Level =
        growth < t.minGrowth ? 'none' : gap >= t.mediumGapPoints ? 'medium' : gap >= t.lowGapPoints ? 'low' : 'none';
      return {
        label: slice.label,
        level,
        line: `${slice.label}末应收账款${yuanText(current)}，比上年同期末增长${percentText(growth)}，营业收入变动${percentText(revenue)}`,
        figures: [
          fenFigure(`${slice.label}末应收账款`, current, slice.closing.source),
          fenFigure(`${slice.previous.label}末应收账款`, base, slice.previous.closing.source),
          pctFigure(
            `${slice.label}应收账款增长率`,
            growth,
            derived('（本期末 − 上年同期末）÷ 上年同期末', slice.label),
          ),
          pctFigure(`${slice.label}营业收入变动率`, revenue, derived('（本期 − 上年同期）÷ 上年同期', slice.label)),
        ],
      };
    }),
});

export const cashVsRevenueRule = defineRule({
  id: 'TAX_CASH_VS_REVENUE',
  title: '货币资金与收入规模不匹配',
  category: CATEGORY,
  reportTypes: TAX_REPORT_TYPES,
  dataNeeded: ['期末资产负债表（货币资金、短期借款、长期借款）', '利润表营业收入'],
  basis: `货币资金与收入、借款的对比为资金流分析常用做法（大额交易报告口径见《金融机构大额交易和可疑交易报告管理办法》（中国人民银行令〔2016〕第3号））；比例阈值为${TAX_SOURCE.ours}。`,
  explanation:
    '收入不小而账上几乎没有资金，收款可能经个人账户（私户收款）流转；资金充裕却大量借款（存贷双高），需关注资金真实性与利息支出扣除。',
  suggestion:
    '核对银行对账单与账面余额，说明资金去向；私户收款的收入应全部入账申报；存贷双高的说明借款用途与利息的合理性。',
  thresholds: { lowCashShare: 0.01, minRevenueFen: 100_000_000, highCashShare: 0.5, highLoanShare: 0.3 },
  describeThreshold: (t) =>
    `年化营业收入 ≥ ${yuanText(t.minRevenueFen)}而期末货币资金不足收入的${percentText(t.lowCashShare)}，或货币资金 ≥ 收入的${percentText(t.highCashShare)}且借款 ≥ 收入的${percentText(t.highLoanShare)}，为低风险`,
  check: (input: TaxRuleInput, t) =>
    overYears(input, (slice): YearResult => {
      const found = balanceAndRevenue(slice);
      if ('missing' in found) return { label: slice.label, missing: found.missing };
      const cash = read(found.closing, 'cash') ?? 0;
      const loans = sum(found.closing, ['shortTermLoans', 'longTermLoans']);
      if (found.yearly <= 0) return { label: slice.label, skip: `${slice.label}无营业收入，不适用。` };
      const cashShare = clean(cash / found.yearly);
      const loanShare = clean(loans / found.yearly);
      const scarce = found.yearly >= t.minRevenueFen && cashShare < t.lowCashShare;
      const both = cashShare >= t.highCashShare && loanShare >= t.highLoanShare;
      return {
        label: slice.label,
        level: scarce || both ? 'low' : 'none',
        line: `${slice.label}末货币资金${yuanText(cash)}（占年化收入${percentText(cashShare)}），借款${yuanText(loans)}（${percentText(loanShare)}）${scarce ? '，资金明显偏少' : both ? '，存贷双高' : ''}`,
        figures: [
          fenFigure(`${slice.label}末货币资金`, cash, found.closing.source),
          fenFigure(`${slice.label}末借款`, loans, found.closing.source),
          found.revenueFigure,
          pctFigure(`${slice.label}货币资金 ÷ 收入`, cashShare, derived('期末货币资金 ÷ 年化营业收入', slice.label)),
          pctFigure(
            `${slice.label}借款 ÷ 收入`,
            loanShare,
            derived('（短期借款 + 长期借款）÷ 年化营业收入', slice.label),
          ),
        ],
      };
    }),
});

export const BALANCE_SHEET_RULES = [advanceReceiptsHighRule, receivablesGrowthRule, cashVsRevenueRule];

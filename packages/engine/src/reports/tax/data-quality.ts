import {
  FINANCIAL_STATEMENTS,
  type FinancialStatementKind,
  findFigure,
  formatPeriod,
  type StatementLayout,
} from '@taxlens/shared';
import { CHECK_TOLERANCE_FEN, computeRule, SUM_RULES } from '../../importers/statements/statement.checks.js';
import { yuanText } from '../../rules/display.js';
import { flowPieces, originText, type StoredSet, storedSet, sumFlows } from './figure-sets.js';
import type { DataProblem, FinancialFigureSet, TaxReportCompany } from './tax-report.types.js';

/**
 * Checks of the stored sets before any rule reads them. A set with an error (unreadable, not
 * balancing, contradicting another, tax above sales) is excluded, so a rule that needs it says
 * 数据不足 with the reason instead of using it; warnings are reported and the set is used.
 */

export interface CheckedSets {
  sets: StoredSet[];
  /** Set index → why it is left out. */
  excluded: Map<number, string>;
  problems: DataProblem[];
}

const where = (set: StoredSet) => `${formatPeriod(set.period)}${FINANCIAL_STATEMENTS[set.statement]}`;

function layoutOf(raw: string | null | undefined, company: TaxReportCompany): StatementLayout {
  if (raw === 'general' || raw === 'small') return raw;
  return company.accountingStandard === 'small_enterprise' ? 'small' : 'general';
}

function validSets(input: readonly FinancialFigureSet[], company: TaxReportCompany, problems: DataProblem[]) {
  const sets: StoredSet[] = [];
  input.forEach((raw, index) => {
    const bad = Object.entries(raw.figures ?? {}).filter(([, value]) => !Number.isSafeInteger(value));
    const set = storedSet(index, raw.statement, raw.period ?? '', layoutOf(raw.layout, company), raw.figures ?? {}, '');
    if (!set || bad.length > 0) {
      const reason = !set
        ? `期间“${raw.period}”或报表类型“${raw.statement}”无法识别`
        : `金额不是以分为单位的整数：${bad.map(([key]) => key).join('、')}`;
      problems.push({
        code: 'INVALID_SET',
        severity: 'error',
        statement: set?.statement ?? null,
        periods: [String(raw.period)],
        message: `第${index + 1}组数据无法使用：${reason}，未参与检测。`,
      });
      return;
    }
    sets.push({ ...set, origin: originText(raw.origin) });
  });
  return sets;
}

function exclude(checked: CheckedSets, set: StoredSet, reason: string): void {
  if (!checked.excluded.has(set.index)) checked.excluded.set(set.index, reason);
}

function checkSums(checked: CheckedSets, set: StoredSet): void {
  const figures = set.figures;
  if (set.statement === 'balance_sheet') {
    const assets = figures.totalAssets;
    const claims =
      figures.totalLiabilitiesAndEquity ??
      (figures.totalLiabilities !== undefined && figures.totalEquity !== undefined
        ? figures.totalLiabilities + figures.totalEquity
        : undefined);
    if (assets !== undefined && claims !== undefined && Math.abs(assets - claims) > CHECK_TOLERANCE_FEN) {
      const message = `${where(set)}不平衡：资产总计${yuanText(assets)}，负债和所有者权益总计${yuanText(claims)}，相差${yuanText(assets - claims)}。`;
      checked.problems.push({
        code: 'UNBALANCED',
        severity: 'error',
        statement: set.statement,
        periods: [set.period],
        message,
      });
      exclude(checked, set, `${where(set)}不平衡`);
    }
  }
  if (set.statement !== 'balance_sheet' && set.statement !== 'income_statement') return;
  for (const rule of SUM_RULES) {
    const total = figures[rule.total];
    if (rule.statement !== set.statement || total === undefined) continue;
    const candidates = computeRule(rule, figures);
    if (!candidates || candidates.some((value) => Math.abs(value - total) <= CHECK_TOLERANCE_FEN)) continue;
    const computed = candidates[0] as number;
    checked.problems.push({
      code: 'SUM_MISMATCH',
      severity: 'warning',
      statement: set.statement,
      periods: [set.period],
      message: `${where(set)}的“${findFigure(set.statement, rule.total)?.label ?? rule.total}”为${yuanText(total)}，按明细计算为${yuanText(computed)}，相差${yuanText(total - computed)}。`,
    });
  }
}

function checkTaxAgainstSales(checked: CheckedSets, set: StoredSet): void {
  const f = set.figures;
  let problem: string | null = null;
  if (set.statement === 'vat_return') {
    const sales = (f.taxableSalesGeneral ?? 0) + (f.taxableSalesSimplified ?? 0) + (f.exemptSales ?? 0);
    if ((f.taxPayable ?? 0) > 0 && (f.taxPayable ?? 0) > sales) {
      problem = `应纳税额${yuanText(f.taxPayable ?? 0)}大于销售额合计${yuanText(sales)}`;
    } else if ((f.outputTax ?? 0) > 0 && (f.outputTax ?? 0) > (f.taxableSalesGeneral ?? 0)) {
      problem = `销项税额${yuanText(f.outputTax ?? 0)}大于一般计税销售额${yuanText(f.taxableSalesGeneral ?? 0)}`;
    }
  } else if (set.statement === 'cit_return') {
    const revenue = f.operatingRevenue;
    if (revenue !== undefined && (f.taxPayable ?? 0) > 0 && (f.taxPayable ?? 0) > revenue) {
      problem = `实际应纳所得税额${yuanText(f.taxPayable ?? 0)}大于营业收入${yuanText(revenue)}`;
    } else if ((f.taxOnTaxableIncome ?? 0) > 0 && (f.taxOnTaxableIncome ?? 0) > (f.taxableIncome ?? 0)) {
      problem = `应纳所得税额${yuanText(f.taxOnTaxableIncome ?? 0)}大于应纳税所得额${yuanText(f.taxableIncome ?? 0)}`;
    }
  }
  if (!problem) return;
  checked.problems.push({
    code: 'TAX_EXCEEDS_SALES',
    severity: 'error',
    statement: set.statement,
    periods: [set.period],
    message: `${where(set)}${problem}，数据应有误。`,
  });
  exclude(checked, set, `${where(set)}税额大于销售额`);
}

const differs = (a: Readonly<Record<string, number>>, b: Readonly<Record<string, number>>, skip: Set<string>) =>
  Object.keys(a).filter(
    (key) => !skip.has(key) && b[key] !== undefined && Math.abs((a[key] ?? 0) - (b[key] ?? 0)) > CHECK_TOLERANCE_FEN,
  );

const BALANCE_KEYS = new Set(['openingCreditBalance', 'closingCreditBalance', 'taxRate']);

/** A quarter or year against the shorter sets inside it: equal sums are fine, different ones contradict. */
function checkOverlaps(checked: CheckedSets, statement: FinancialStatementKind): void {
  const sets = checked.sets.filter((set) => set.statement === statement);
  const longer = sets.filter((set) => set.kind !== 'month').sort((a, b) => a.end - a.start - (b.end - b.start));
  for (const outer of longer) {
    if (checked.excluded.has(outer.index)) continue;
    const pieces = flowPieces(sets, checked.excluded, outer.start, outer.end, outer.kind);
    if (pieces.used.length === 0) continue;
    const names = pieces.used.map((set) => set.period);
    if (pieces.missingMonths.length > 0) {
      checked.problems.push({
        code: 'PERIOD_OVERLAP',
        severity: 'warning',
        statement,
        periods: [outer.period, ...names],
        message: `${where(outer)}与${names.map(formatPeriod).join('、')}期间重叠但不完整，无法核对，按${formatPeriod(outer.period)}使用。`,
      });
      continue;
    }
    const keys = differs(outer.figures, sumFlows(pieces.used), BALANCE_KEYS);
    if (keys.length > 0) {
      const labels = keys.slice(0, 3).map((key) => findFigure(statement, key)?.label ?? key);
      const reason = `${where(outer)}与其所含${pieces.used.length}期合计不一致（${labels.join('、')}）`;
      checked.problems.push({
        code: 'PERIOD_CONFLICT',
        severity: 'error',
        statement,
        periods: [outer.period, ...names],
        message: `${reason}，两者均未参与检测。`,
      });
      for (const set of [outer, ...pieces.used]) exclude(checked, set, reason);
    } else if (statement === 'vat_return') {
      checked.problems.push({
        code: 'PERIOD_OVERLAP',
        severity: 'warning',
        statement,
        periods: [outer.period, ...names],
        message: `同一期间既有按季（${formatPeriod(outer.period)}）又有按月的增值税申报，金额一致，按季度申报使用；请确认纳税期限。`,
      });
    }
  }
}

/** Two balance sheets dated on the same day must agree; CIT year-to-date revenue must not fall within a year. */
function checkSameDate(checked: CheckedSets): void {
  const sheets = checked.sets.filter((set) => set.statement === 'balance_sheet');
  for (const [position, first] of sheets.entries()) {
    for (const second of sheets.slice(position + 1)) {
      if (first.end !== second.end) continue;
      const keys = differs(first.figures, second.figures, new Set());
      if (keys.length === 0) continue;
      const reason = `${formatPeriod(first.period)}与${formatPeriod(second.period)}资产负债表同一日期金额不一致`;
      checked.problems.push({
        code: 'PERIOD_CONFLICT',
        severity: 'error',
        statement: 'balance_sheet',
        periods: [first.period, second.period],
        message: `${reason}（${keys.slice(0, 3).join('、')}），两者均未参与检测。`,
      });
      exclude(checked, first, reason);
      exclude(checked, second, reason);
    }
  }
  const returns = checked.sets
    .filter((set) => set.statement === 'cit_return' && set.figures.operatingRevenue !== undefined)
    .sort((a, b) => a.end - b.end);
  for (const [position, later] of returns.entries()) {
    const earlier = returns[position - 1];
    if (!earlier || Math.floor(earlier.end / 12) !== Math.floor(later.end / 12) || earlier.end === later.end) continue;
    if ((later.figures.operatingRevenue ?? 0) >= (earlier.figures.operatingRevenue ?? 0)) continue;
    checked.problems.push({
      code: 'YTD_DECREASE',
      severity: 'warning',
      statement: 'cit_return',
      periods: [earlier.period, later.period],
      message: `企业所得税申报为累计数，${formatPeriod(later.period)}营业收入小于${formatPeriod(earlier.period)}，请核对是否填成了当期数。`,
    });
  }
}

export function checkFigureSets(input: readonly FinancialFigureSet[], company: TaxReportCompany): CheckedSets {
  const problems: DataProblem[] = [];
  const checked: CheckedSets = { sets: validSets(input, company, problems), excluded: new Map(), problems };
  for (const set of checked.sets) {
    checkSums(checked, set);
    checkTaxAgainstSales(checked, set);
  }
  checkSameDate(checked);
  checkOverlaps(checked, 'income_statement');
  checkOverlaps(checked, 'vat_return');
  return checked;
}

import { findFigure, formatFen, formatPeriod, periodsOverlap } from '@taxlens/shared';
import type { FinancialImportProblem } from '../statements/statement.types.js';
import type { ReturnSummaryRow } from './return-summary.reader.js';

/**
 * Row checks of a return summary: repeated periods, VAT returns that cover the same months twice,
 * and tax larger than the base it is computed on (usually columns swapped or a unit slip).
 */

type Figures = Readonly<Record<string, number | undefined>>;

const label = (row: ReturnSummaryRow, key: string) => findFigure(row.statement, key)?.label ?? key;

function sum(figures: Figures, keys: readonly string[]): number | undefined {
  const present = keys.filter((key) => figures[key] !== undefined);
  return present.length === 0 ? undefined : present.reduce((total, key) => total + (figures[key] ?? 0), 0);
}

/** [tax key, base keys]: the tax should not exceed its base. */
const TAX_WITHIN_BASE: Record<ReturnSummaryRow['statement'], readonly (readonly [string, readonly string[]])[]> = {
  vat_return: [
    ['outputTax', ['taxableSalesGeneral', 'taxableSalesSimplified']],
    ['taxPayable', ['taxableSalesGeneral', 'taxableSalesSimplified', 'exemptSales']],
  ],
  cit_return: [
    ['taxOnTaxableIncome', ['taxableIncome']],
    ['taxPayable', ['operatingRevenue']],
  ],
};

function taxWarnings(row: ReturnSummaryRow): string[] {
  const figures = row.figures as Figures;
  const warnings: string[] = [];
  for (const [taxKey, baseKeys] of TAX_WITHIN_BASE[row.statement]) {
    const tax = figures[taxKey];
    const base = sum(figures, baseKeys);
    if (tax === undefined || base === undefined || tax <= 0 || tax <= base) continue;
    const baseLabel = baseKeys.map((key) => label(row, key)).join('+');
    warnings.push(
      `${label(row, taxKey)} ${formatFen(tax)} 元大于${baseLabel} ${formatFen(base)} 元，请检查是否填错列或金额单位`,
    );
  }
  return warnings;
}

const sameFigures = (a: ReturnSummaryRow, b: ReturnSummaryRow) =>
  JSON.stringify(Object.entries(a.figures).sort()) === JSON.stringify(Object.entries(b.figures).sort()) &&
  a.taxpayerType === b.taxpayerType;

/** Keeps the first row of each tax and period; adds the problems found. */
export function checkReturnRows(
  rows: readonly ReturnSummaryRow[],
  problems: FinancialImportProblem[],
): ReturnSummaryRow[] {
  const kept: ReturnSummaryRow[] = [];
  for (const row of rows) {
    const at = { sheet: row.source.sheet, row: row.source.row };
    const earlier = kept.find((candidate) => candidate.statement === row.statement && candidate.period === row.period);
    if (earlier) {
      const same = sameFigures(earlier, row);
      problems.push({
        ...at,
        level: same ? 'warning' : 'error',
        message: `第${row.source.row}行所属期${formatPeriod(row.period)}与第${earlier.source.row}行重复${same ? '' : '且数字不同'}，已采用第${earlier.source.row}行`,
      });
      continue;
    }
    // CIT quarters are year-to-date and sit inside the year legitimately; VAT periods must not overlap.
    const overlapping =
      row.statement === 'vat_return'
        ? kept.find((candidate) => candidate.statement === 'vat_return' && periodsOverlap(candidate.period, row.period))
        : undefined;
    if (overlapping) {
      problems.push({
        ...at,
        level: 'warning',
        message: `第${row.source.row}行所属期${formatPeriod(row.period)}与第${overlapping.source.row}行的${formatPeriod(overlapping.period)}重叠，同一月份的数字可能被重复计算`,
      });
    }
    if (Object.keys(row.figures).length === 0) {
      problems.push({
        ...at,
        level: 'warning',
        message: `第${row.source.row}行只填了所属期，没有任何金额；零申报请填 0`,
      });
    }
    for (const message of taxWarnings(row))
      problems.push({ ...at, level: 'warning', message: `第${row.source.row}行${message}` });
    kept.push(row);
  }
  return kept;
}

import { formatPeriod, makePeriod, periodEndMonth, previousPeriod, shiftPeriodYears } from '@taxlens/shared';
import { type PeriodReading, periodFromMonths, periodParts, readPeriodText } from './period-text.parser.js';
import type { ValueColumn } from './statement-table.parser.js';

/**
 * Which period each value column holds. 期末/本期 are the statement's own period; 年初 is the end
 * of the previous year, in the same kind of period (2024-03 → 2023-12, 2024 → 2023); 期初 the
 * period before; 本年累计 months 1…n of the year when that is a month, Q1 or the year.
 */

export type ColumnPeriod = { ok: true; period: string } | { ok: false; reason: string } | { ok: false; reason: null };

const DATE_GLOBAL = /(?<!\d)((?:19|20|21)\d\d)[年./-](\d{1,2})(?:月|[./-])(\d{1,2})日?/g;

const COMPANY_GLOBAL = /(?:编制单位|单位名称|企业名称|纳税人名称|公司名称)\s*[:：]\s*([^\s:：]+)/g;

/**
 * Period of a title line; two dates on one line (所属期起 … 所属期止 …) are a range. The company's name
 * is left out first: digits in a name (…有限公司123、360科技) would otherwise read as a year or month.
 */
export function readTitlePeriod(title: string): PeriodReading | null {
  const text = title
    .normalize('NFKC')
    .replace(COMPANY_GLOBAL, (_whole, name: string) => ` ${/(?:19|20|21)\d\d[年./-].*$/.exec(name)?.[0] ?? ''} `);
  const dates = [...text.matchAll(DATE_GLOBAL)];
  if (dates.length >= 2) {
    const index = (match: RegExpMatchArray) => Number(match[1]) * 12 + Number(match[2]) - 1;
    const period = periodFromMonths(index(dates[0] as RegExpMatchArray), index(dates.at(-1) as RegExpMatchArray));
    return period ? { ok: true, period } : { ok: false, text };
  }
  return readPeriodText(text);
}

const COMPANY = /(?:编制单位|单位名称|企业名称|纳税人名称|公司名称)\s*[:：]\s*([^\s:：]+)/;

export function readCompanyName(texts: readonly string[]): string | null {
  for (const text of texts) {
    const name = COMPANY.exec(text.normalize('NFKC'))?.[1]?.replace(/(?:19|20|21)\d\d[年./-].*$/, '');
    if (name) return name;
  }
  return null;
}

function yearToDate(period: string): string | null {
  const end = periodEndMonth(period);
  const year = Number(end.slice(0, 4));
  return periodFromMonths(year * 12, year * 12 + Number(end.slice(5)) - 1);
}

/** The period a value column holds, or why it is left out (reason null: the statement has no period). */
export function resolveColumnPeriod(column: ValueColumn, tablePeriod: string | null): ColumnPeriod {
  if (column.kind === 'explicit' && column.period) return { ok: true, period: column.period };
  if (!tablePeriod) return { ok: false, reason: null };
  const parts = periodParts(tablePeriod);
  const skip = (why: string): ColumnPeriod => ({ ok: false, reason: `“${column.header}”列${why}，未导入` });
  switch (column.kind) {
    case 'end':
    case 'current':
    case 'explicit':
      return { ok: true, period: tablePeriod };
    case 'month':
      return parts.kind === 'month'
        ? { ok: true, period: tablePeriod }
        : skip(`是本月数，而报表期间是${formatPeriod(tablePeriod)}，无法确定是哪个月`);
    case 'yearStart':
      if (parts.kind === 'year') return { ok: true, period: String(parts.year - 1) };
      return {
        ok: true,
        period:
          parts.kind === 'month'
            ? makePeriod({ kind: 'month', year: parts.year - 1, month: 12 })
            : makePeriod({ kind: 'quarter', year: parts.year - 1, quarter: 4 }),
      };
    case 'periodStart':
      return { ok: true, period: previousPeriod(tablePeriod) };
    case 'previous':
      return parts.kind === 'year'
        ? { ok: true, period: String(parts.year - 1) }
        : skip('的“上期”可能指上月也可能指上年同期；如需导入，请把表头改为“上年同期金额”');
    case 'lastYearSame':
      return { ok: true, period: shiftPeriodYears(tablePeriod, -1) };
    case 'ytd':
    case 'lastYearYtd': {
      const base = column.kind === 'ytd' ? tablePeriod : shiftPeriodYears(tablePeriod, -1);
      const period = yearToDate(base);
      return period
        ? { ok: true, period }
        : skip(`是1-${Number(periodEndMonth(base).slice(5))}月累计数，不是整月、整季度或整年度`);
    }
  }
}

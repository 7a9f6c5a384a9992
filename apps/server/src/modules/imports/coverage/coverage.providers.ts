/**
 * Which months each kind of a company's data covers, for the per-company timeline. Each kind is
 * one provider; a new kind of data (deduction lists, payroll …) adds its provider to
 * COVERAGE_PROVIDERS and appears on the timeline with no other change.
 */
import { periodEndMonth, periodStartMonth } from '@taxlens/shared';
import { sql } from 'kysely';
import type { DbOrTx } from '../../../db/kysely.js';
import { monthsBetween } from '../overview.repo.js';

export interface CoveredMonth {
  month: string;
  /** How many records of the kind fall in the month (invoices; periods for statements). */
  count: number;
}

export interface CoverageProvider {
  /** Stable key of the row ('invoice_sales', 'balance_sheet' …). */
  key: string;
  label: string;
  months(db: DbOrTx, groupId: number, companyId: number): Promise<CoveredMonth[]>;
}

function invoiceCoverage(key: string, label: string, direction: 'sales' | 'purchase'): CoverageProvider {
  return {
    key,
    label,
    async months(db, groupId, companyId) {
      const rows = await db
        .selectFrom('invoices')
        .select([sql<string>`to_char(issued_at, 'YYYY-MM')`.as('month'), sql<number>`count(*)::int`.as('count')])
        .where('group_id', '=', groupId)
        .where('company_id', '=', companyId)
        .where('direction', '=', direction)
        .groupBy(sql`1`)
        .orderBy(sql`1`)
        .execute();
      return rows.map((row) => ({ month: row.month, count: Number(row.count) }));
    },
  };
}

/** A statement or return: each stored period covers its months (a quarter three, a year twelve). */
function figureCoverage(statement: string, label: string): CoverageProvider {
  return {
    key: statement,
    label,
    async months(db, groupId, companyId) {
      const rows = await sql<{ period: string }>`
        SELECT period FROM financial_figures
        WHERE group_id = ${groupId} AND company_id = ${companyId} AND statement = ${statement}`.execute(db);
      const counts = new Map<string, number>();
      for (const { period } of rows.rows) {
        for (const month of monthsBetween(periodStartMonth(period), periodEndMonth(period))) {
          counts.set(month, (counts.get(month) ?? 0) + 1);
        }
      }
      return [...counts.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([month, count]) => ({ month, count }));
    },
  };
}

/** A table with a 'YYYY-MM' period column (deduction list, payroll months): rows per month. */
function monthlyCoverage(key: string, label: string, table: 'vat_deductions' | 'payroll_months', source?: string) {
  return {
    key,
    label,
    async months(db: DbOrTx, groupId: number, companyId: number): Promise<CoveredMonth[]> {
      let query = db
        .selectFrom(table)
        .select(['period', sql<number>`count(*)::int`.as('count')])
        .where('group_id', '=', groupId)
        .where('company_id', '=', companyId)
        .where('period', 'is not', null);
      if (source && table === 'payroll_months') query = query.where(sql.ref('source'), '=', source);
      const rows = await query.groupBy('period').orderBy('period').execute();
      return rows
        .filter((row): row is { period: string; count: number } => typeof row.period === 'string')
        .map((row) => ({ month: row.period, count: Number(row.count) }));
    },
  } satisfies CoverageProvider;
}

export const COVERAGE_PROVIDERS: CoverageProvider[] = [
  invoiceCoverage('invoice_sales', '销项发票', 'sales'),
  invoiceCoverage('invoice_purchase', '进项发票', 'purchase'),
  figureCoverage('balance_sheet', '资产负债表'),
  figureCoverage('income_statement', '利润表'),
  figureCoverage('vat_return', '增值税申报表'),
  figureCoverage('cit_return', '企业所得税申报表'),
  monthlyCoverage('deduction', '抵扣勾选', 'vat_deductions'),
  monthlyCoverage('payroll_iit', '个税扣缴', 'payroll_months', 'iit'),
  monthlyCoverage('payroll_social', '社保', 'payroll_months', 'social_insurance'),
];

import type { DeductionMonth, PayrollTotalsMonth } from '@taxlens/engine';
import { sql } from 'kysely';
import type { Db } from '../../../db/kysely.js';

/**
 * The 勾选 (用途确认) deductible tax per deduction month and the payroll totals per month, from the
 * deduction-list and payroll imports; null when the company has none, so the rules say 数据不足.
 */
export async function payrollAndDeductions(
  db: Db,
  companyId: number,
): Promise<{ payroll: PayrollTotalsMonth[] | null; deductions: DeductionMonth[] | null }> {
  const deductionRows = await db
    .selectFrom('vat_deductions')
    .select(['period', sql<string>`sum(deductible_tax_fen)`.as('tax')])
    .where('company_id', '=', companyId)
    .where('selected', '=', true)
    .where('period', 'is not', null)
    .groupBy('period')
    .execute();
  const payrollRows = await db
    .selectFrom('payroll_months')
    .select(['period', 'source', 'headcount', 'wage_fen'])
    .where('company_id', '=', companyId)
    .execute();
  return {
    deductions:
      deductionRows.length > 0
        ? deductionRows.map((row) => ({ period: row.period as string, deductibleTaxFen: Number(row.tax) }))
        : null,
    payroll:
      payrollRows.length > 0
        ? payrollRows.map((row) => ({
            period: row.period,
            source: row.source as PayrollTotalsMonth['source'],
            headcount: row.headcount,
            wageFen: row.wage_fen,
          }))
        : null,
  };
}

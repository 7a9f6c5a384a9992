import type { FinancialImportProblem } from '../statements/statement.types.js';

/**
 * Payroll figures of one company for one month, as the payroll rules read them (stored in
 * `payroll_months`, one row per company, month and source).
 * - 'iit': 个人所得税扣缴申报 — headcount = people with 工资薪金 that month, wageFen = their 本期收入,
 *   taxFen = 应补(退)税额 of every income item.
 * - 'social_insurance': 社保 — headcount = insured people, wageFen = the contribution base (one per
 *   person; for a list summed per 险种, the widest 险种), employerFen / employeeFen = contributions.
 */
export type PayrollSource = 'iit' | 'social_insurance';

export interface PayrollMonth {
  /** 'YYYY-MM'. */
  period: string;
  source: PayrollSource;
  headcount: number;
  wageFen: number;
  taxFen: number | null;
  employerFen: number | null;
  employeeFen: number | null;
}

export interface PayrollImportResult {
  source: PayrollSource;
  sheet: string;
  /** 扣缴义务人 / 缴费单位 tax numbers named in the title rows (none when the file names none). */
  employerTaxNos: string[];
  months: PayrollMonth[];
  problems: FinancialImportProblem[];
}

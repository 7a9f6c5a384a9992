import type { FinancialFigures, StatementLayout } from '@taxlens/shared';

/** The statements read from bookkeeping exports (returns come through the template instead). */
export type StatementKind = 'balance_sheet' | 'income_statement';

export type ImportedStatement = {
  [S in StatementKind]: {
    statement: S;
    layout: StatementLayout;
    /** 'YYYY-MM', 'YYYY-Qn' or 'YYYY'; a balance sheet's figures are balances at the period's end. */
    period: string;
    /** 编制单位 as written in the title block, when there is one. */
    companyName: string | null;
    figures: FinancialFigures<S>;
    /** Where the figures came from: sheet name and 1-based worksheet row numbers. */
    source: { sheet: string; rows: number[] };
  };
}[StatementKind];

/** A row-level finding: 'error' when a value could not be read, 'warning' for data that looks wrong. */
export interface FinancialImportProblem {
  level: 'error' | 'warning';
  sheet: string | null;
  row: number | null;
  message: string;
}

export interface StatementImportResult {
  statements: ImportedStatement[];
  problems: FinancialImportProblem[];
  /** Sheets that hold no balance sheet or income statement (cash-flow statement, notes, hidden sheets). */
  ignoredSheets: string[];
}

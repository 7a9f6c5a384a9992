import type { FinancialImportProblem } from '../statements/statement.types.js';

/**
 * One invoice of the 发票勾选/抵扣勾选 export: the input side of the VAT reconciliation (what was
 * selected for deduction, and when, against the 进项税额 declared on the return).
 */
export interface VatDeductionEntry {
  /** 数电发票号码, or 发票代码:发票号码 for an old-system invoice (the invoices table's key). */
  key: string;
  digitalNumber: string | null;
  code: string | null;
  number: string | null;
  /** 开票日期 'YYYY-MM-DD'. */
  issuedOn: string;
  sellerTaxNo: string | null;
  sellerName: string | null;
  amountFen: number;
  taxFen: number;
  /** 价税合计; derived as 金额 + 税额 when the export has no such column (totalDerived). */
  totalFen: number;
  totalDerived: boolean;
  /** 有效抵扣税额. */
  deductibleTaxFen: number;
  /** 勾选状态 / 是否勾选. */
  selected: boolean;
  /** 勾选日期 / 勾选时间 'YYYY-MM-DD'. */
  selectedOn: string | null;
  /** Month the deduction belongs to ('YYYY-MM'): 所属期 when printed, else the month selected. */
  period: string | null;
  kindText: string | null;
  statusText: string | null;
  riskLevel: string | null;
}

export interface DeductionListResult {
  sheet: string;
  entries: VatDeductionEntry[];
  problems: FinancialImportProblem[];
  /** 购买方识别号 values met: the company whose list this is. */
  buyerTaxNos: string[];
  periods: string[];
}

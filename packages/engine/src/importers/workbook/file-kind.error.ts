import { WORKBOOK_FAULT_MESSAGES } from '../statements/statement-import.error.js';
import type { WorkbookFault } from '../statements/workbook.loader.js';

/**
 * The whole file of a newer kind (deduction list, payroll) cannot be imported: one Chinese
 * sentence, nothing read from it.
 */
export type FileKindErrorCode = WorkbookFault | 'NOT_DEDUCTION_LIST' | 'NOT_PAYROLL' | 'NO_ROWS';

const MESSAGES: Record<FileKindErrorCode, string> = {
  ...WORKBOOK_FAULT_MESSAGES,
  NOT_DEDUCTION_LIST:
    '文件不是发票勾选（抵扣勾选）导出表：未找到“有效抵扣税额”“勾选状态”等列，请在电子税务局“发票勾选确认”中导出后上传。',
  NOT_PAYROLL:
    '文件不是个人所得税扣缴申报表或社保缴费明细：未找到“所得项目”“本期收入”或“缴费基数”“单位缴费”等列，请从自然人电子税务局（扣缴端）或社保费申报中导出后上传。',
  NO_ROWS: '文件中只有表头，没有数据行，请确认导出的期间后重新导出。',
};

export class FileKindImportError extends Error {
  override readonly name = 'FileKindImportError';
  constructor(
    readonly code: FileKindErrorCode,
    message: string = MESSAGES[code],
  ) {
    super(message);
  }
}

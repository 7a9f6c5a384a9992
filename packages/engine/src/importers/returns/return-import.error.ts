import { WORKBOOK_FAULT_MESSAGES } from '../statements/statement-import.error.js';
import type { WorkbookFault } from '../statements/workbook.loader.js';

export type ReturnImportErrorCode = WorkbookFault | 'NO_RETURN_SHEET';

const MESSAGES: Record<ReturnImportErrorCode, string> = {
  ...WORKBOOK_FAULT_MESSAGES,
  NO_RETURN_SHEET:
    '未在文件中找到增值税或企业所得税申报汇总表。请下载系统提供的申报汇总模板，保留“所属期”等表头，按说明填写后重新上传。',
};

/** The whole return-summary file cannot be imported; nothing was read from it. */
export class ReturnImportError extends Error {
  readonly code: ReturnImportErrorCode;

  constructor(code: ReturnImportErrorCode, message: string = MESSAGES[code]) {
    super(message);
    this.name = 'ReturnImportError';
    this.code = code;
  }
}

import { WORKBOOK_FAULT_MESSAGES } from '../statements/statement-import.error.js';
import type { WorkbookFault } from '../statements/workbook.loader.js';

export type ReturnImportErrorCode = WorkbookFault | 'NO_RETURN_SHEET' | 'PDF_NO_TEXT' | 'PDF_UNREADABLE';

const MESSAGES: Record<ReturnImportErrorCode, string> = {
  ...WORKBOOK_FAULT_MESSAGES,
  NO_RETURN_SHEET:
    '未在文件中找到增值税或企业所得税申报表。请上传电子税务局导出的申报表（Excel 或 PDF），或下载系统提供的申报汇总模板，保留“所属期”等表头，按说明填写后重新上传。',
  PDF_NO_TEXT: 'PDF 中没有可读取的文字（可能是扫描件或图片），请从电子税务局下载申报表 PDF 或导出 Excel 后上传。',
  PDF_UNREADABLE: 'PDF 文件已损坏或设置了密码，无法读取，请从电子税务局重新下载申报表后上传。',
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

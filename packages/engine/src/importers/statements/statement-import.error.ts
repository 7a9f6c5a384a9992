import type { WorkbookFault } from './workbook.loader.js';

export type StatementImportErrorCode = WorkbookFault | 'NO_STATEMENT' | 'NO_PERIOD';

const SAVE_AS_XLSX = '请在 Excel 或 WPS 中打开，另存为“Excel 工作簿（.xlsx）”后重新上传。';
const EXPORT_AGAIN = '请从电子税务局或财务软件重新导出 Excel 文件（.xlsx 或 .xls）后上传。';

/** File-level messages shared by every financial importer: what is wrong and how to fix it. */
export const WORKBOOK_FAULT_MESSAGES: Record<WorkbookFault, string> = {
  NOT_XLSX: `文件不是有效的 Excel 文件（.xlsx 或 .xls）。${EXPORT_AGAIN}`,
  LEGACY_XLS: `暂不支持旧版 Excel（.xls）文件。${SAVE_AS_XLSX}`,
  ENCRYPTED:
    '文件设置了打开密码，无法读取。请在 Excel 中取消密码（文件 → 信息 → 保护工作簿 → 用密码进行加密，清空密码）并保存后重新上传。',
  EMPTY: '文件中没有可读取的工作表，请确认上传了正确的文件。',
};

const MESSAGES: Record<StatementImportErrorCode, string> = {
  ...WORKBOOK_FAULT_MESSAGES,
  NO_STATEMENT:
    '未在文件中找到资产负债表或利润表。请上传从财务软件导出的原始报表：表格需有“项目/资产”列和“期末余额/本期金额”等金额列。',
  NO_PERIOD:
    '未找到报表所属期间。请在表头写明期间（如“2024年12月31日”“2024年度”“2024年3月”），或把工作表命名为期间（如“2024年3月”）后重新上传。',
};

/** The whole file cannot be imported; nothing was read from it. */
export class StatementImportError extends Error {
  readonly code: StatementImportErrorCode;

  constructor(code: StatementImportErrorCode, message: string = MESSAGES[code]) {
    super(message);
    this.name = 'StatementImportError';
    this.code = code;
  }
}

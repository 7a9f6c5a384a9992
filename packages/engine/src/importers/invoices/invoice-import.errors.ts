/**
 * File-level failures of the invoice import: the whole file is refused with one of these,
 * as opposed to row-level problems that go into the 错误报告.
 */
export const INVOICE_IMPORT_FAILURES = {
  EMPTY_FILE: '文件为空，请重新导出后上传',
  NOT_XLSX: '文件不是有效的 Excel 工作簿（.xlsx 或 .xls），请从电子税务局重新导出',
  NOT_CSV: '文件不是 CSV 文本文件，请选择正确的文件格式',
  ENCRYPTED_WORKBOOK: '工作簿已加密，请取消密码后重新导出',
  LEGACY_XLS: '文件是 Excel 工作簿（.xls）而不是 CSV，请按 .xls 格式上传',
  OLE_UNKNOWN: '文件是旧版 Office 文档而不是 Excel 工作簿，请从电子税务局重新导出发票数据',
  CORRUPT_FILE: '文件已损坏，无法读取，请重新导出后上传',
  ENCODING_UNSUPPORTED: '无法识别文件编码，请将 CSV 另存为 UTF-8 编码后上传',
  NO_INVOICE_SHEET: '未找到发票数据表（发票基础信息或信息汇总表），请确认上传的是全量发票查询导出文件',
  MISSING_COLUMNS: '缺少必需的列',
  NO_DATA: '文件中没有发票数据',
  WRONG_COMPANY: '文件中没有本企业的发票，请确认上传的是本企业的导出文件',
} as const;

export type InvoiceImportFailure = keyof typeof INVOICE_IMPORT_FAILURES;

export class InvoiceImportError extends Error {
  override readonly name = 'InvoiceImportError';
  readonly reason: InvoiceImportFailure;
  /** Machine-readable detail: missing column names, sheet name… */
  readonly details: Readonly<Record<string, string | string[]>>;

  constructor(reason: InvoiceImportFailure, message?: string, details: Record<string, string | string[]> = {}) {
    super(message ?? INVOICE_IMPORT_FAILURES[reason]);
    this.reason = reason;
    this.details = details;
  }
}

/** 缺少必需的列：开票日期、价税合计, prefixed by the sheet name for workbooks (a csv has no sheets). */
export function missingColumnsError(sheet: string | null, missing: string[]): InvoiceImportError {
  const where = sheet === null ? '' : `工作表「${sheet}」`;
  return new InvoiceImportError('MISSING_COLUMNS', `${where}缺少必需的列：${missing.join('、')}`, {
    sheet: sheet ?? '',
    missing,
  });
}

/**
 * One sentence for a file of another company: whose it is (the party on most rows), so the user
 * can take it to the right company instead of reading thousands of row errors.
 */
export function wrongCompanyError(owner: { taxNo: string; name: string }): InvoiceImportError {
  const who =
    owner.name !== '' && owner.taxNo !== ''
      ? `「${owner.name}」（纳税人识别号 ${owner.taxNo}）`
      : `「${owner.name || owner.taxNo}」`;
  return new InvoiceImportError(
    'WRONG_COMPANY',
    `该文件是${who}的发票数据，购销双方均不是本企业，未导入任何数据，请在对应企业下上传。`,
    { taxNo: owner.taxNo, name: owner.name },
  );
}

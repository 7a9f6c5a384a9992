import { describe, expect, it } from 'vitest';
import { INVOICE_SHEET_HEADERS } from '../../fixtures/invoice-export.layout.js';
import {
  csvText,
  INVOICE_HEADER_ROW,
  invoiceRow,
  readExport,
  TITLE_ROWS,
  xlsxBuffer,
} from './invoice-export.test-support.js';
import { InvoiceImportError } from './invoice-import.errors.js';

async function failureOf(promise: Promise<unknown>): Promise<InvoiceImportError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof InvoiceImportError)) throw new Error(`expected an InvoiceImportError, got ${String(error)}`);
  return error;
}

const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/** An OLE compound file whose directory names `stream` (enough for the sniffer, not a real one). */
function oleFile(stream: string): Buffer {
  return Buffer.concat([OLE_MAGIC, Buffer.alloc(600), Buffer.from(stream, 'utf16le'), Buffer.alloc(100)]);
}

describe('file-level failures', () => {
  it('refuses an empty file', async () => {
    const error = await failureOf(readExport(Buffer.alloc(0), 'xlsx'));
    expect([error.reason, error.message]).toEqual(['EMPTY_FILE', '文件为空，请重新导出后上传']);
  });

  it('refuses a file that is not a spreadsheet', async () => {
    const error = await failureOf(readExport(Buffer.from('这不是表格'), 'xlsx'));
    expect([error.reason, error.message]).toEqual([
      'NOT_XLSX',
      '文件不是有效的 Excel 工作簿（.xlsx 或 .xls），请从电子税务局重新导出',
    ]);
    const pdf = await failureOf(readExport(Buffer.from('%PDF-1.7\n%\u00e2\u00e3'), 'csv'));
    expect(pdf.reason).toBe('NOT_CSV');
    const zip = await failureOf(readExport(await xlsxBuffer([{ name: 'a', rows: [['x']] }]), 'csv'));
    expect([zip.reason, zip.message]).toEqual(['NOT_CSV', '文件是 Excel 工作簿而不是 CSV，请按 .xlsx 格式上传']);
  });

  it('tells an encrypted workbook from an old .xls', async () => {
    const encrypted = await failureOf(readExport(oleFile('EncryptedPackage'), 'xlsx', { chunkSize: 100 }));
    expect([encrypted.reason, encrypted.message]).toEqual(['ENCRYPTED_WORKBOOK', '工作簿已加密，请取消密码后重新导出']);
    // Named like an .xls workbook but no BIFF8 inside: damaged, not refused as a format.
    const damaged = await failureOf(readExport(oleFile('Workbook'), 'xlsx'));
    expect(damaged.reason).toBe('CORRUPT_FILE');
    const asCsv = await failureOf(readExport(oleFile('Workbook'), 'csv'));
    expect([asCsv.reason, asCsv.message]).toEqual([
      'LEGACY_XLS',
      '文件是 Excel 工作簿（.xls）而不是 CSV，请按 .xls 格式上传',
    ]);
    const unknown = await failureOf(readExport(oleFile('Other'), 'csv'));
    expect(unknown.reason).toBe('OLE_UNKNOWN');
  });

  it('refuses a damaged zip', async () => {
    const bytes = await xlsxBuffer([{ name: '发票基础信息', rows: [INVOICE_HEADER_ROW, invoiceRow()] }]);
    const damaged = Buffer.concat([bytes.subarray(0, 200), Buffer.alloc(400, 0x41)]);
    const error = await failureOf(readExport(damaged, 'xlsx'));
    expect(error.reason).toBe('CORRUPT_FILE');
  });

  it('names the missing required columns', async () => {
    const header = INVOICE_SHEET_HEADERS.filter((name) => name !== '开票日期' && name !== '价税合计');
    const bytes = await xlsxBuffer([{ name: '发票基础信息', rows: [...TITLE_ROWS, header] }]);
    const error = await failureOf(readExport(bytes, 'xlsx'));
    expect(error.reason).toBe('MISSING_COLUMNS');
    expect(error.message).toBe('工作表「发票基础信息」缺少必需的列：开票日期、价税合计');
    expect(error.details).toEqual({ sheet: '发票基础信息', missing: ['开票日期', '价税合计'] });
    const csv = await failureOf(readExport(Buffer.from(csvText([header]), 'utf8'), 'csv'));
    expect(csv.message).toBe('缺少必需的列：开票日期、价税合计');
  });

  it('refuses a workbook without an invoice table, and one without data rows', async () => {
    const other = await xlsxBuffer([{ name: '说明', rows: [['本文件为示例'], ['月份', '金额', '税额', '价税合计']] }]);
    const none = await failureOf(readExport(other, 'xlsx'));
    expect([none.reason, none.message]).toEqual([
      'NO_INVOICE_SHEET',
      '未找到发票数据表（发票基础信息或信息汇总表），请确认上传的是全量发票查询导出文件',
    ]);
    const headerOnly = await xlsxBuffer([{ name: '发票基础信息', rows: [...TITLE_ROWS, INVOICE_HEADER_ROW] }]);
    const empty = await failureOf(readExport(headerOnly, 'xlsx'));
    expect([empty.reason, empty.message]).toEqual(['NO_DATA', '文件中没有发票数据']);
  });

  it('refuses a csv whose bytes are neither UTF-8 nor GB18030', async () => {
    // Valid UTF-8 Chinese first (so UTF-8 is chosen), then a byte UTF-8 cannot hold.
    const bytes = Buffer.concat([Buffer.from(csvText([INVOICE_HEADER_ROW]), 'utf8'), Buffer.from([0xff, 0x0d, 0x0a])]);
    const error = await failureOf(readExport(bytes, 'csv', { chunkSize: 64 }));
    expect([error.reason, error.message]).toEqual([
      'ENCODING_UNSUPPORTED',
      '无法识别文件编码，请将 CSV 另存为 UTF-8 编码后上传',
    ]);
  });
});

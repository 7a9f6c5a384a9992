/**
 * Builders for the importer tests: rows in the real 19/27-column layouts with overridable
 * values, workbooks written with exceljs (shared strings, like Excel), csv text, and readers.
 */
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { INVOICE_SHEET_HEADERS, LINE_SHEET_HEADERS } from '../../fixtures/invoice-export.layout.js';
import type { NormalizedInvoice } from '../../model/invoice.js';
import { collectInvoiceExport, type InvoiceExportContents } from './invoice-export.reader.js';
import type { InvoiceExportFormat } from './invoice-import.types.js';

export type TestCell = string | number | Date | null;
export type InvoiceHeader = (typeof INVOICE_SHEET_HEADERS)[number];
export type LineHeader = (typeof LINE_SHEET_HEADERS)[number];

/** Tax numbers from domain facts §7.1 test vectors (valid check characters). */
export const COMPANY = { taxNo: '91110108769914581E', name: '示例星河科技有限公司' };
export const CUSTOMER = { taxNo: '91330681MA7F19UC27', name: '示例远航商贸有限公司' };
export const SUPPLIER = { taxNo: '915301115551499841', name: '示例青禾物流有限公司' };
export const STRANGER = { taxNo: '913101150934986600', name: '示例晨光建材有限公司' };

export const BLUE_NUMBER = '26112000000135114086';

/** What the reader makes of `invoiceRow()` with its defaults. */
export const BLUE_INVOICE: NormalizedInvoice = {
  key: BLUE_NUMBER,
  digitalNumber: BLUE_NUMBER,
  code: null,
  number: null,
  direction: 'sales',
  sellerTaxNo: COMPANY.taxNo,
  sellerName: COMPANY.name,
  buyerTaxNo: CUSTOMER.taxNo,
  buyerName: CUSTOMER.name,
  issuedAt: '2026-03-14 17:22:15',
  hasTime: true,
  amountFen: 1_000_000,
  taxFen: 130_000,
  totalFen: 1_130_000,
  source: '电子发票服务平台',
  kindText: '数电发票（增值税专用发票）',
  kindCode: '81',
  isSpecial: true,
  status: 'normal',
  statusText: '正常',
  isPositive: true,
  riskLevel: 'normal',
  issuer: '王敏',
  remark: null,
  redOfNumber: null,
};

const INVOICE_DEFAULTS: Record<InvoiceHeader, TestCell> = {
  序号: 1,
  发票代码: null,
  发票号码: null,
  数电发票号码: BLUE_NUMBER,
  销方识别号: COMPANY.taxNo,
  销方名称: COMPANY.name,
  购方识别号: CUSTOMER.taxNo,
  购买方名称: CUSTOMER.name,
  开票日期: '2026-03-14 17:22:15',
  金额: '10000.00',
  税额: '1300.00',
  价税合计: '11300.00',
  发票来源: '电子发票服务平台',
  发票票种: '数电发票（增值税专用发票）',
  发票状态: '正常',
  是否正数发票: '是',
  发票风险等级: '正常',
  开票人: '王敏',
  备注: null,
};

const LINE_DEFAULTS: Record<LineHeader, TestCell> = {
  ...INVOICE_DEFAULTS,
  税收分类编码: '3040201990000000000',
  特定业务类型: null,
  货物或应税劳务名称: '*信息技术服务*软件维护服务费',
  规格型号: null,
  单位: '项',
  数量: '1',
  单价: '10000',
  税率: '13%',
};

export function invoiceRow(values: Partial<Record<InvoiceHeader, TestCell>> = {}): TestCell[] {
  const row = { ...INVOICE_DEFAULTS, ...values };
  return INVOICE_SHEET_HEADERS.map((header) => row[header]);
}

export function lineRow(values: Partial<Record<LineHeader, TestCell>> = {}): TestCell[] {
  const row = { ...LINE_DEFAULTS, ...values };
  return LINE_SHEET_HEADERS.map((header) => row[header]);
}

export const INVOICE_HEADER_ROW: TestCell[] = [...INVOICE_SHEET_HEADERS];
export const LINE_HEADER_ROW: TestCell[] = [...LINE_SHEET_HEADERS];
export const TITLE_ROWS: TestCell[][] = [['全量发票查询导出结果'], ['查询条件：开票日期 2026-02-01 至 2026-03-31']];

export interface TestSheet {
  name: string;
  rows: TestCell[][];
  /** Number formats by 1-based column, e.g. { 9: 'yyyy-mm-dd hh:mm:ss' } for date cells. */
  formats?: Record<number, string>;
}

/** An xlsx written by exceljs's in-memory writer, which uses shared strings as Excel does. */
export async function xlsxBuffer(sheets: TestSheet[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  for (const sheet of sheets) {
    const worksheet = workbook.addWorksheet(sheet.name);
    for (const values of sheet.rows) {
      const row = worksheet.addRow(values);
      for (const [column, format] of Object.entries(sheet.formats ?? {})) {
        if (values[Number(column) - 1] instanceof Date) row.getCell(Number(column)).numFmt = format;
      }
    }
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

function csvField(cell: TestCell): string {
  if (cell === null) return '';
  const text = cell instanceof Date ? cell.toISOString() : String(cell);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvText(rows: TestCell[][], delimiter = ','): string {
  return rows.map((row) => `${row.map(csvField).join(delimiter)}\r\n`).join('');
}

/** A stream that hands the bytes over in pieces of `size`, to cut characters and records apart. */
export function chunkedStream(bytes: Buffer, size = bytes.length): Readable {
  const pieces: Buffer[] = [];
  for (let start = 0; start < bytes.length; start += size) pieces.push(bytes.subarray(start, start + size));
  return Readable.from(pieces, { objectMode: false });
}

export function readExport(
  bytes: Buffer,
  format: InvoiceExportFormat,
  options: { companyTaxNo?: string; companyName?: string; chunkSize?: number } = {},
): Promise<InvoiceExportContents> {
  return collectInvoiceExport(
    { stream: chunkedStream(bytes, options.chunkSize) },
    { format, companyTaxNo: options.companyTaxNo ?? COMPANY.taxNo, companyName: options.companyName },
  );
}

/** Wall clock as exceljs wants a date cell: its UTC fields are the time shown. */
export function wallClockDate(text: string): Date {
  return new Date(`${text.replace(' ', 'T')}Z`);
}

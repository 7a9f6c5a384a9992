import { describe, expect, it } from 'vitest';
import {
  COMPANY,
  CUSTOMER,
  INVOICE_HEADER_ROW,
  invoiceRow,
  LINE_HEADER_ROW,
  lineRow,
  readExport,
  STRANGER,
  SUPPLIER,
  xlsxBuffer,
} from './invoice-export.test-support.js';
import { InvoiceImportError } from './invoice-import.errors.js';

const errorsOf = (problems: { severity: string; reason: string }[]) =>
  problems.filter((problem) => problem.severity === 'error').map((problem) => problem.reason);

describe('a file of another company', () => {
  it('is refused with one sentence naming the company on most rows', async () => {
    const other = { 销方识别号: STRANGER.taxNo, 销方名称: STRANGER.name };
    const bytes = await xlsxBuffer([
      {
        name: '发票基础信息',
        rows: [
          INVOICE_HEADER_ROW,
          invoiceRow({ ...other, 数电发票号码: '24112000000100000001' }),
          invoiceRow({
            ...other,
            数电发票号码: '24112000000100000002',
            购方识别号: SUPPLIER.taxNo,
            购买方名称: SUPPLIER.name,
          }),
          invoiceRow({
            数电发票号码: '24112000000100000003',
            销方识别号: CUSTOMER.taxNo,
            销方名称: CUSTOMER.name,
            购方识别号: STRANGER.taxNo,
            购买方名称: STRANGER.name,
          }),
        ],
      },
    ]);
    const error = await readExport(bytes, 'xlsx').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(InvoiceImportError);
    expect((error as InvoiceImportError).reason).toBe('WRONG_COMPANY');
    expect((error as InvoiceImportError).message).toBe(
      `该文件是「${STRANGER.name}」（纳税人识别号 ${STRANGER.taxNo}）的发票数据，购销双方均不是本企业，未导入任何数据，请在对应企业下上传。`,
    );
  });

  it('is not assumed when some rows are this company: those rows stand, the others are row errors', async () => {
    const bytes = await xlsxBuffer([
      {
        name: '发票基础信息',
        rows: [
          INVOICE_HEADER_ROW,
          invoiceRow(),
          invoiceRow({ 数电发票号码: '24112000000100000002', 销方识别号: STRANGER.taxNo, 销方名称: STRANGER.name }),
        ],
      },
    ]);
    const { invoices, problems } = await readExport(bytes, 'xlsx');
    expect(invoices).toHaveLength(1);
    expect(errorsOf(problems)).toEqual([`发票的购销双方都不是本企业（纳税人识别号 ${COMPANY.taxNo}）`]);
  });
});

describe('invoice identity and consistency (errors, never merged invoices)', () => {
  it('refuses a malformed 数电发票号码, 发票代码 or 发票号码', async () => {
    const bytes = await xlsxBuffer([
      {
        name: '发票基础信息',
        rows: [
          INVOICE_HEADER_ROW,
          invoiceRow({ 数电发票号码: '2411200000010000000' }),
          invoiceRow({ 数电发票号码: '--', 发票代码: '01100210011', 发票号码: '12345678' }),
          invoiceRow({ 数电发票号码: '--', 发票代码: '011002100111', 发票号码: '123456789' }),
          invoiceRow({ 数电发票号码: '--', 发票代码: '011002100111', 发票号码: '1234567A' }),
          invoiceRow({ 数电发票号码: '-', 发票代码: '/', 发票号码: '' }),
        ],
      },
    ]);
    const { invoices, problems } = await readExport(bytes, 'xlsx');
    expect(invoices).toEqual([]);
    expect(errorsOf(problems)).toEqual([
      '数电发票号码应为20位数字「2411200000010000000」',
      '发票代码应为10位或12位数字「01100210011」',
      '发票号码应为8位数字「123456789」',
      '发票号码应为8位数字「1234567A」',
      '缺少发票号码（数电发票号码或发票代码+发票号码）',
    ]);
  });

  it('refuses lines of one invoice that disagree on date or parties, and lines that contradict the invoice', async () => {
    const bytes = await xlsxBuffer([
      {
        name: '信息汇总表',
        rows: [
          LINE_HEADER_ROW,
          lineRow({ 金额: '5000', 税额: '650', 价税合计: '5650' }),
          lineRow({ 金额: '5000', 税额: '650', 价税合计: '5650', 开票日期: '2026-03-15 09:00:00' }),
          lineRow({ 数电发票号码: '24112000000100000009', 购方识别号: SUPPLIER.taxNo, 购买方名称: SUPPLIER.name }),
        ],
      },
      {
        name: '发票基础信息',
        rows: [INVOICE_HEADER_ROW, invoiceRow(), invoiceRow({ 数电发票号码: '24112000000100000009' })],
      },
    ]);
    const { problems } = await readExport(bytes, 'xlsx');
    expect(errorsOf(problems)).toEqual([
      '同一发票「26112000000135114086」的明细行开票日期或购销方与工作表「信息汇总表」第 2 行不一致',
      '发票「24112000000100000009」在信息汇总表中的开票日期或购销方与工作表「发票基础信息」第 3 行不一致',
    ]);
  });
});

describe('(详见销货清单) lines', () => {
  const summaryLine = { 货物或应税劳务名称: '（详见销货清单）', 税收分类编码: null, 税率: null };

  it('warns per invoice when the list lines do not add up to the summary line', async () => {
    const bytes = await xlsxBuffer([
      {
        name: '信息汇总表',
        rows: [
          LINE_HEADER_ROW,
          lineRow(summaryLine),
          lineRow({ 金额: '4000', 税额: '520', 价税合计: '4520' }),
          lineRow({ 货物或应税劳务名称: '*纸制品*复印纸', 金额: '4000', 税额: '520', 价税合计: '4520' }),
        ],
      },
    ]);
    const { invoices, lines, problems, summary } = await readExport(bytes, 'xlsx');
    expect(lines.map((line) => line.lineNo)).toEqual([1, 2]);
    expect(invoices[0]?.amountFen).toBe(800_000);
    expect(summary.listSummaryLines).toBe(1);
    expect(problems.map((problem) => [problem.row, problem.severity, problem.reason])).toEqual([
      [
        2,
        'warning',
        '发票「26112000000135114086」的销货清单明细合计（金额 8,000.00、税额 1,040.00）与「详见销货清单」行（金额 10,000.00、税额 1,300.00）不一致',
      ],
    ]);
  });

  it('keeps the summary line as the only line when the list lines are not in the file', async () => {
    const bytes = await xlsxBuffer([
      { name: '信息汇总表', rows: [LINE_HEADER_ROW, lineRow(summaryLine)] },
      { name: '发票基础信息', rows: [INVOICE_HEADER_ROW, invoiceRow()] },
    ]);
    const { lines, problems } = await readExport(bytes, 'xlsx');
    expect(problems).toEqual([]);
    expect(lines).toMatchObject([{ lineNo: 1, itemText: '（详见销货清单）', amountFen: 1_000_000 }]);
  });
});

describe('sheets', () => {
  it('derives a blank voided invoice from the line sheet alone', async () => {
    const blank = {
      数电发票号码: '--',
      发票代码: '011002100111',
      发票号码: '12345679',
      购方识别号: '000000000000000',
      购买方名称: null,
      发票状态: '已作废',
      货物或应税劳务名称: null,
      税收分类编码: null,
      金额: null,
      税额: null,
      价税合计: null,
      税率: null,
    };
    const bytes = await xlsxBuffer([{ name: '信息汇总表', rows: [LINE_HEADER_ROW, lineRow(blank), lineRow()] }]);
    const { invoices, lines, problems } = await readExport(bytes, 'xlsx');
    expect(problems).toEqual([]);
    expect(invoices.map((item) => [item.key, item.status, item.totalFen])).toEqual([
      ['011002100111:12345679', 'void', 0],
      ['26112000000135114086', 'normal', 1_130_000],
    ]);
    expect(lines).toHaveLength(1);
  });

  it('warns about a special-business row naming an invoice the file does not hold', async () => {
    const bytes = await xlsxBuffer([
      { name: '发票基础信息', rows: [INVOICE_HEADER_ROW, invoiceRow()] },
      {
        name: '货物运输服务',
        rows: [
          ['序号', '发票代码', '发票号码', '数电发票号码', '销方识别号', '购方识别号', '开票日期', '起运地', '到达地'],
          [1, null, null, '24112000000100000077', COMPANY.taxNo, CUSTOMER.taxNo, '2026-03-14 17:22:15', '上海', '杭州'],
        ],
      },
    ]);
    const { details, problems, summary } = await readExport(bytes, 'xlsx');
    expect(summary.sheets.map((sheet) => sheet.kind)).toEqual(['invoices', 'special']);
    expect(details).toHaveLength(1);
    expect(problems).toEqual([
      {
        sheet: '货物运输服务',
        row: 2,
        column: null,
        reason: '特定业务信息所属发票「24112000000100000077」不在发票基础信息表或信息汇总表中，已忽略',
        severity: 'warning',
      },
    ]);
  });
});

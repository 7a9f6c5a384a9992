import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { collectInvoiceExport, readInvoiceExport } from './invoice-export.reader.js';
import { fullExport } from './invoice-export.sample-workbook.js';
import {
  BLUE_INVOICE,
  BLUE_NUMBER,
  COMPANY,
  CUSTOMER,
  chunkedStream,
  INVOICE_HEADER_ROW,
  invoiceRow,
  LINE_HEADER_ROW,
  lineRow,
  readExport,
  xlsxBuffer,
} from './invoice-export.test-support.js';

describe('readInvoiceExport: problems, cross-checks and streaming', () => {
  it('reports row problems with sheet, Excel row, column and reason, and keeps only clean rows', async () => {
    const number = (n: number) => `2611200000013511${String(n).padStart(4, '0')}`;
    const bytes = await xlsxBuffer([
      {
        name: '发票基础信息',
        rows: [
          INVOICE_HEADER_ROW,
          invoiceRow({ 数电发票号码: number(2) }),
          invoiceRow({ 数电发票号码: number(3), 开票日期: '2026-13-01' }),
          invoiceRow({ 数电发票号码: number(4), 金额: '12.345' }),
          invoiceRow({ 数电发票号码: null }),
          invoiceRow({ 数电发票号码: number(6), 金额: '100.00', 税额: '13.00', 价税合计: '113.05' }),
          invoiceRow({ 数电发票号码: number(7), 金额: '100.00', 税额: '13.00', 价税合计: '113.01' }),
          invoiceRow({ 数电发票号码: number(8), 销方识别号: '913101150934986600', 销方名称: '示例晨光建材有限公司' }),
          invoiceRow({ 数电发票号码: number(2) }),
          invoiceRow({ 数电发票号码: number(10), 是否正数发票: '否' }),
          ['合计', null, null, null, null, null, null, null, null, '30000.00', '3900.00', '33900.00'],
          ['', ' '],
        ],
      },
    ]);
    const { invoices, problems, summary } = await readExport(bytes, 'xlsx');
    const problem = (row: number, column: string | null, reason: string, severity = 'error') => ({
      sheet: '发票基础信息',
      row,
      column,
      reason,
      severity,
    });
    expect(problems).toEqual([
      problem(3, '开票日期', '日期不存在「2026-13-01」'),
      problem(4, '金额', '金额：金额最多两位小数「12.345」'),
      problem(5, '数电发票号码', '缺少发票号码（数电发票号码或发票代码+发票号码）'),
      problem(6, '价税合计', '金额 + 税额 ≠ 价税合计（100.00 + 13.00 ≠ 113.05）'),
      problem(8, null, '发票的购销双方都不是本企业（纳税人识别号 91110108769914581E）'),
      problem(9, null, `发票「${number(2)}」重复（与工作表「发票基础信息」第 2 行相同）`),
      problem(10, '是否正数发票', '标记为红字发票（是否正数发票：否），但价税合计为正数', 'warning'),
    ]);
    expect(invoices.map((invoice) => [invoice.key, invoice.totalFen, invoice.isPositive])).toEqual([
      [number(2), 1_130_000, true],
      [number(7), 11_301, true],
      [number(10), 1_130_000, false],
    ]);
    expect(summary).toMatchObject({
      invoiceCount: 3,
      rejectedRowCount: 6,
      skippedRowCount: 2,
      errorCount: 6,
      warningCount: 1,
    });
  });

  it('keeps Chinese text intact across the zip chunk boundaries of a large workbook', async () => {
    const remark = (n: number) => `第${n}号示例合同项下的软件开发、实施及运维服务，含培训与驻场支持，验收合格后付款。`;
    const rows = Array.from({ length: 3000 }, (_, n) =>
      invoiceRow({ 序号: n + 1, 数电发票号码: `2611200000${String(n).padStart(10, '0')}`, 备注: remark(n) }),
    );
    const bytes = await xlsxBuffer([{ name: '发票基础信息', rows: [INVOICE_HEADER_ROW, ...rows] }]);
    const { invoices, problems } = await readExport(bytes, 'xlsx', { chunkSize: 4096 });
    expect(problems).toEqual([]);
    expect(invoices).toHaveLength(3000);
    expect(
      invoices.filter((invoice, n) => invoice.remark !== remark(n) || invoice.buyerName !== CUSTOMER.name),
    ).toEqual([]);
  });

  it('cross-checks the line sheet against the invoice sheet, whichever comes first', async () => {
    const other = '26112000000135119999';
    const bytes = await xlsxBuffer([
      {
        name: '信息汇总表',
        rows: [
          LINE_HEADER_ROW,
          lineRow({ 金额: '9000.00', 税额: '1170.00', 价税合计: '10170.00' }),
          lineRow({ 数电发票号码: other }),
          lineRow({ 数电发票号码: other }),
        ],
      },
      { name: '发票基础信息', rows: [INVOICE_HEADER_ROW, invoiceRow()] },
    ]);
    const { invoices, lines, problems, summary } = await readExport(bytes, 'xlsx');
    expect(invoices).toEqual([BLUE_INVOICE]);
    expect(lines.map((line) => [line.invoiceKey, line.lineNo])).toEqual([
      [BLUE_NUMBER, 1],
      [other, 1],
      [other, 2],
    ]);
    expect(problems).toEqual([
      {
        sheet: '信息汇总表',
        row: 4,
        column: null,
        reason: '明细行与第 3 行完全相同，请核对是否重复导出',
        severity: 'warning',
      },
      {
        sheet: '发票基础信息',
        row: 2,
        column: null,
        reason: '发票金额与明细合计不一致（金额 10,000.00、税额 1,300.00；明细合计金额 9,000.00、税额 1,170.00）',
        severity: 'warning',
      },
      {
        sheet: '信息汇总表',
        row: 3,
        column: null,
        reason: `明细所属发票「${other}」不在发票基础信息表中`,
        severity: 'warning',
      },
    ]);
    expect(summary.invoicesDerivedFromLines).toBe(false);
  });

  it('falls back on the company name when the tax number differs, with a warning', async () => {
    const bytes = await xlsxBuffer([{ name: '发票基础信息', rows: [INVOICE_HEADER_ROW, invoiceRow()] }]);
    const { invoices, problems } = await readExport(bytes, 'xlsx', {
      companyTaxNo: '110108769914581',
      companyName: ' 示例星河科技有限公司',
    });
    expect(invoices.map((invoice) => invoice.direction)).toEqual(['sales']);
    expect(problems).toEqual([
      {
        sheet: '发票基础信息',
        row: 2,
        column: '销方识别号',
        reason: '销方识别号「91110108769914581E」与本企业纳税人识别号不同，已按企业名称判定为销项发票',
        severity: 'warning',
      },
    ]);
  });

  it('streams in batches and puts the summary on the last one only', async () => {
    const rows = Array.from({ length: 5 }, (_, n) => invoiceRow({ 数电发票号码: `2611200000000000000${n}` }));
    const bytes = await xlsxBuffer([{ name: '发票基础信息', rows: [INVOICE_HEADER_ROW, ...rows] }]);
    const batches = [];
    for await (const batch of readInvoiceExport(
      { stream: chunkedStream(bytes) },
      { format: 'xlsx', companyTaxNo: COMPANY.taxNo, batchSize: 2 },
    )) {
      batches.push(batch);
    }
    expect(batches.map((batch) => [batch.invoices.length, batch.summary === null])).toEqual([
      [2, true],
      [2, true],
      [1, false],
    ]);
    expect(batches.at(-1)?.summary?.invoiceCount).toBe(5);
  });

  it('reads from a path as well as a stream', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'taxlens-invoices-'));
    try {
      const path = join(dir, 'export.xlsx');
      await writeFile(path, await fullExport());
      const { summary } = await collectInvoiceExport({ path }, { format: 'xlsx', companyTaxNo: COMPANY.taxNo });
      expect([summary.invoiceCount, summary.lineCount]).toEqual([4, 5]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

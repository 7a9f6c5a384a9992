import { beforeAll, describe, expect, it } from 'vitest';
import type { InvoiceExportContents } from './invoice-export.reader.js';
import { COMPANY, readExport } from './invoice-export.test-support.js';
import {
  BLANK_VOID_KEY,
  BUILDING,
  HOUSEHOLD,
  LIST_INVOICE,
  MISTYPED,
  MISTYPED_BUYER,
  OLD_BLUE_KEY,
  RATES,
  REAL_SAMPLE,
  RED_OF_LIST,
  RED_OF_OLD,
  realShapedExport,
  TIANCHENG_WITH,
  TIANCHENG_WITHOUT,
  TRAIN,
} from './real-export.sample-workbook.js';

let read: InvoiceExportContents;
beforeAll(async () => {
  read = await readExport(await realShapedExport(), 'xlsx');
});

const invoice = (key: string) => read.invoices.find((item) => item.key === key);
const linesOf = (key: string) => read.lines.filter((line) => line.invoiceKey === key);

describe('a real-shaped 全量发票查询 export (domain facts §1.7)', () => {
  it('imports whole: no error, only the mistyped buyer ID warned on its row', () => {
    expect(read.problems.filter((problem) => problem.severity === 'error')).toEqual([]);
    expect(read.problems).toEqual([
      {
        sheet: '信息汇总表',
        row: expect.any(Number),
        column: '购方识别号',
        reason: expect.stringContaining(`购方识别号「${MISTYPED_BUYER.taxNo}」含统一社会信用代码不使用的字母`),
        severity: 'warning',
      },
    ]);
    expect(read.summary).toMatchObject({
      invoiceCount: REAL_SAMPLE.invoiceCount,
      lineCount: REAL_SAMPLE.lineCount,
      rejectedRowCount: 0,
      listSummaryLines: 1,
      detailCount: 3,
      taxNoWarnings: 1,
      invoicesDerivedFromLines: false,
    });
    expect(read.summary.sheets.map((sheet) => [sheet.name, sheet.kind])).toEqual([
      ['信息汇总表', 'lines'],
      ['发票基础信息', 'invoices'],
      ['建筑服务', 'special'],
      ['铁路电子客票', 'special'],
    ]);
  });

  it('takes `--` in 数电发票号码 as no value: old-system invoices are 代码 + 号码', () => {
    expect(invoice(OLD_BLUE_KEY)).toMatchObject({ digitalNumber: null, code: '011002100111', number: '12345678' });
    expect(read.invoices.some((item) => item.key.includes('-'))).toBe(false);
  });

  it('passes over the 合计行 and notes the sheet it does not know', () => {
    expect(read.summary.skippedRowCount).toBeGreaterThanOrEqual(1);
    expect(read.summary.skippedSheets).toEqual([
      { name: '导出说明', reason: '工作表「导出说明」不是发票、明细或特定业务信息表，已跳过' },
    ]);
  });

  it('imports the blank voided invoice as a void invoice of zero, without lines', () => {
    expect(invoice(BLANK_VOID_KEY)).toMatchObject({
      status: 'void',
      amountFen: 0,
      taxFen: 0,
      totalFen: 0,
      buyerTaxNo: '000000000000000',
      buyerName: '',
    });
    expect(linesOf(BLANK_VOID_KEY)).toEqual([]);
  });

  it('drops the (详见销货清单) summary line when the list lines are present; the list adds up', () => {
    const lines = linesOf(LIST_INVOICE);
    expect(lines.map((line) => [line.lineNo, line.itemName])).toEqual([
      [1, '复印纸'],
      [2, '打印纸'],
      [3, '便签纸'],
    ]);
    expect(lines.reduce((sum, line) => sum + line.amountFen, 0)).toBe(invoice(LIST_INVOICE)?.amountFen);
  });

  it('links each red invoice to its blue, whatever the remark form', () => {
    expect(invoice(RED_OF_OLD)).toMatchObject({ isPositive: false, redOfNumber: OLD_BLUE_KEY });
    expect(invoice(RED_OF_LIST)).toMatchObject({ isPositive: false, redOfNumber: LIST_INVOICE });
  });

  it('reads 免税, 不征税, 0% and an empty 税率, and 规格型号 `*` as none', () => {
    expect(linesOf(RATES).map((line) => [line.taxRateText, line.taxRateBp, line.taxFen])).toEqual([
      ['免税', null, 0],
      ['不征税', null, 0],
      ['0%', 0, 0],
      [null, null, 0],
    ]);
    expect(linesOf(OLD_BLUE_KEY)[0]).toMatchObject({ spec: null, unit: null });
  });

  it('keeps buyer IDs of every length, ID cards and the counterparty with and without its number', () => {
    expect(invoice(OLD_BLUE_KEY)?.buyerTaxNo).toBe('11010519491231002X');
    expect(invoice(RATES)?.buyerTaxNo).toBe('310115769914581');
    expect(invoice(HOUSEHOLD)?.buyerTaxNo).toBe('11010519491231002X01');
    expect(invoice(MISTYPED)?.direction).toBe('sales');
    expect(invoice(TIANCHENG_WITH)?.buyerTaxNo).toBe('913101150934986600');
    expect(invoice(TIANCHENG_WITHOUT)).toMatchObject({ buyerTaxNo: '', buyerName: '天诚(山东)示例材料有限公司' });
    expect(read.invoices.every((item) => item.sellerTaxNo === COMPANY.taxNo || item.buyerTaxNo === COMPANY.taxNo)).toBe(
      true,
    );
  });

  it('reads the special-business sheets as attributes of the invoices they name, personal data masked', () => {
    expect(read.details.find((detail) => detail.invoiceKey === BUILDING)).toEqual({
      invoiceKey: BUILDING,
      business: '建筑服务',
      rowNo: 1,
      fields: [
        { label: '跨区域涉税事项报验管理编号', value: '3205002024000123' },
        { label: '建筑服务发生地', value: '江苏省苏州市工业园区' },
        { label: '建筑项目名称', value: '示例园区厂房改造工程' },
      ],
    });
    const tickets = read.details.filter((detail) => detail.invoiceKey === TRAIN);
    expect(tickets.map((ticket) => ticket.rowNo)).toEqual([1, 2]);
    expect(tickets[0]?.fields.slice(0, 5)).toEqual([
      { label: '旅客姓名', value: '李*' },
      { label: '有效身份证号', value: '1101**********0021' },
      { label: '出发地', value: '北京南' },
      { label: '到达地', value: '上海虹桥' },
      { label: '出行车次', value: 'G1' },
    ]);
    const text = JSON.stringify(read.details);
    expect(text).not.toContain('李四');
    expect(text).not.toContain('110105194912310021');
  });
});

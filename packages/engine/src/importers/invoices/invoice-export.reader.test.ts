import { describe, expect, it } from 'vitest';
import type { NormalizedInvoiceLine } from '../../model/invoice.js';
import { fullExport, RED_NUMBER, RED_REMARK } from './invoice-export.sample-workbook.js';
import {
  BLUE_INVOICE,
  BLUE_NUMBER,
  COMPANY,
  CUSTOMER,
  INVOICE_HEADER_ROW,
  invoiceRow,
  readExport,
  SUPPLIER,
  wallClockDate,
  xlsxBuffer,
} from './invoice-export.test-support.js';

describe('readInvoiceExport: xlsx', () => {
  it('reads both sheets under title rows: blue, red, void old-style and purchase invoices', async () => {
    const { invoices, lines, problems, summary } = await readExport(await fullExport(), 'xlsx');
    expect(problems).toEqual([]);
    expect(invoices).toEqual([
      { ...BLUE_INVOICE, status: 'red_partial', statusText: '已红冲-部分' },
      {
        ...BLUE_INVOICE,
        key: RED_NUMBER,
        digitalNumber: RED_NUMBER,
        issuedAt: '2026-03-20 09:01:02',
        amountFen: -200_000,
        taxFen: -26_000,
        totalFen: -226_000,
        status: 'normal',
        statusText: '正常',
        isPositive: false,
        remark: RED_REMARK,
        redOfNumber: BLUE_NUMBER,
      },
      {
        ...BLUE_INVOICE,
        key: '3300232130:01234567',
        digitalNumber: null,
        code: '3300232130',
        number: '01234567',
        direction: 'purchase',
        sellerTaxNo: SUPPLIER.taxNo,
        sellerName: SUPPLIER.name,
        buyerTaxNo: COMPANY.taxNo,
        buyerName: COMPANY.name,
        issuedAt: '2026-02-03 10:00:00',
        amountFen: 50_000,
        taxFen: 4_500,
        totalFen: 54_500,
        source: '增值税发票管理系统',
        kindText: '增值税专用发票',
        kindCode: '01',
        status: 'void',
        statusText: '已作废',
      },
      {
        ...BLUE_INVOICE,
        key: '26532000000011112222',
        digitalNumber: '26532000000011112222',
        direction: 'purchase',
        sellerTaxNo: SUPPLIER.taxNo,
        sellerName: SUPPLIER.name,
        buyerTaxNo: COMPANY.taxNo,
        buyerName: COMPANY.name,
        issuedAt: '2026-02-28 00:00:00',
        hasTime: false,
        amountFen: 20_000,
        taxFen: 600,
        totalFen: 20_600,
        kindText: '数电票（普通发票）',
        kindCode: '82',
        isSpecial: false,
        status: 'normal',
        statusText: '正常',
        riskLevel: 'suspect',
      },
    ]);
    const monitor: NormalizedInvoiceLine = {
      invoiceKey: BLUE_NUMBER,
      lineNo: 1,
      direction: 'sales',
      taxCode: '1090511030000000000',
      specialBusiness: null,
      itemText: '*计算机配套产品*液晶显示器',
      category: '计算机配套产品',
      itemName: '液晶显示器',
      spec: '27英寸',
      unit: '台',
      quantity: '5',
      unitPrice: '1200',
      amountFen: 600_000,
      taxRateText: '13%',
      taxRateBp: 1300,
      taxFen: 78_000,
      totalFen: 678_000,
    };
    expect(lines[0]).toEqual(monitor);
    expect(lines.map((line) => [line.invoiceKey, line.lineNo, line.direction, line.amountFen, line.taxRateBp])).toEqual(
      [
        [BLUE_NUMBER, 1, 'sales', 600_000, 1300],
        [BLUE_NUMBER, 2, 'sales', 400_000, 1300],
        [RED_NUMBER, 1, 'sales', -200_000, 1300],
        ['3300232130:01234567', 1, 'purchase', 50_000, 900],
        ['26532000000011112222', 1, 'purchase', 20_000, 300],
      ],
    );
    expect(lines[2]).toMatchObject({ quantity: null, unitPrice: null, taxFen: -26_000, totalFen: -226_000 });
    expect(summary).toEqual({
      format: 'xlsx',
      encoding: null,
      invoiceCount: 4,
      lineCount: 5,
      rejectedRowCount: 0,
      skippedRowCount: 0,
      errorCount: 0,
      warningCount: 0,
      periods: ['2026-02', '2026-03'],
      sheets: [
        { name: '发票基础信息', kind: 'invoices', headerRow: 3, dataRows: 4 },
        { name: '信息汇总表', kind: 'lines', headerRow: 3, dataRows: 5 },
      ],
      skippedSheets: [],
      detailCount: 0,
      listSummaryLines: 0,
      taxNoWarnings: 0,
      invoicesDerivedFromLines: false,
    });
  });

  it('reads numeric cells without losing digits and Excel dates, and refuses a 20-digit float', async () => {
    const dateFormat = { 9: 'yyyy-mm-dd hh:mm:ss' };
    const bytes = await xlsxBuffer([
      {
        name: 'Sheet1',
        formats: dateFormat,
        rows: [
          INVOICE_HEADER_ROW,
          invoiceRow({
            发票代码: 32002100204,
            发票号码: 1234567,
            数电发票号码: null,
            发票票种: '增值税普通发票',
            开票日期: wallClockDate('2026-03-05 08:30:00'),
            金额: 1234.56,
            税额: 160.49,
            价税合计: 1395.05,
          }),
          invoiceRow({
            数电发票号码: '26112000000000000002',
            开票日期: 46095.75,
            金额: 1.1,
            税额: 0.14,
            价税合计: 1.24,
          }),
          invoiceRow({ 数电发票号码: '26112000000000000003', 开票日期: wallClockDate('2026-03-06 00:00:00') }),
          invoiceRow({ 数电发票号码: Number(BLUE_NUMBER) }),
        ],
      },
    ]);
    const { invoices, problems, summary } = await readExport(bytes, 'xlsx');
    expect(
      invoices.map((i) => [
        i.key,
        i.code,
        i.number,
        i.kindCode,
        i.issuedAt,
        i.hasTime,
        i.amountFen,
        i.taxFen,
        i.totalFen,
      ]),
    ).toEqual([
      [
        '032002100204:01234567',
        '032002100204',
        '01234567',
        '04',
        '2026-03-05 08:30:00',
        true,
        123_456,
        16_049,
        139_505,
      ],
      ['26112000000000000002', null, null, '81', '2026-03-14 18:00:00', true, 110, 14, 124],
      ['26112000000000000003', null, null, '81', '2026-03-06 00:00:00', false, 1_000_000, 130_000, 1_130_000],
    ]);
    expect(problems).toEqual([
      {
        sheet: 'Sheet1',
        row: 5,
        column: '数电发票号码',
        reason: '数电发票号码的数字已被 Excel 转为科学计数法或超过15位，位数已丢失；请将该列设为文本格式后重新导出',
        severity: 'error',
      },
    ]);
    expect(summary.sheets).toEqual([{ name: 'Sheet1', kind: 'invoices', headerRow: 1, dataRows: 4 }]);
    expect(summary.rejectedRowCount).toBe(1);
  });

  it('derives invoices from a line sheet with pinyin headers, reordered and extra columns', async () => {
    const header = ['报销状态', 'sdfphm', 'kprq', 'xfsbh', 'xfmc', 'gfsbh', 'gfmc', 'hwlwmc', 'ggxh', 'dw', 'sl', 'dj'];
    const tail = ['je', 'slv', 'se', 'jshj', 'fppz', 'fpzt', 'sfzsfp', 'bz'];
    const sales = ['未报销', '26112000000135114201', '2026-01-08 23:40:05', COMPANY.taxNo, COMPANY.name];
    const salesParties = [...sales, CUSTOMER.taxNo, CUSTOMER.name];
    const purchase = ['', '26532000000011113333', '2026-01-09 10:00:00', SUPPLIER.taxNo, SUPPLIER.name];
    const purchaseParties = [...purchase, COMPANY.taxNo.toLowerCase(), COMPANY.name];
    const kind = ['数电发票（普通发票）', '正常', '是', null];
    const bytes = await xlsxBuffer([
      {
        name: '明细',
        rows: [
          [...header, ...tail],
          [
            ...salesParties,
            '*信息技术服务*软件维护服务费',
            null,
            '项',
            '1',
            '3000',
            '3000.00',
            '6%',
            '180.00',
            '3180.00',
            ...kind,
          ],
          [...salesParties, '*现代服务*技术咨询服务费', null, '次', 1, 1000, 1000, '0.06', 60, 1060, ...kind],
          [
            ...purchaseParties,
            '*蔬菜*鲜蔬菜',
            null,
            '公斤',
            '1,000',
            '0.8',
            '800.00',
            '免税',
            '***',
            '800.00',
            ...kind,
          ],
          [...purchaseParties, '*谷物*大米', '25kg', '袋', 10, 100, 1000, 0.09, 90, 1090, ...kind],
        ],
      },
    ]);
    const { invoices, lines, problems, summary } = await readExport(bytes, 'xlsx');
    expect(problems).toEqual([]);
    expect(
      invoices.map((i) => [i.key, i.direction, i.issuedAt, i.amountFen, i.taxFen, i.totalFen, i.kindCode]),
    ).toEqual([
      ['26112000000135114201', 'sales', '2026-01-08 23:40:05', 400_000, 24_000, 424_000, '82'],
      ['26532000000011113333', 'purchase', '2026-01-09 10:00:00', 180_000, 9_000, 189_000, '82'],
    ]);
    expect(
      lines.map((l) => [l.lineNo, l.itemName, l.quantity, l.unitPrice, l.taxRateText, l.taxRateBp, l.taxFen]),
    ).toEqual([
      [1, '软件维护服务费', '1', '3000', '6%', 600, 18_000],
      [2, '技术咨询服务费', '1', '1000', '0.06', 600, 6_000],
      [1, '鲜蔬菜', '1000', '0.8', '免税', null, 0],
      [2, '大米', '10', '100', '9%', 900, 9_000],
    ]);
    expect(summary.invoicesDerivedFromLines).toBe(true);
    expect(summary.sheets).toEqual([{ name: '明细', kind: 'lines', headerRow: 1, dataRows: 4 }]);
  });

  it('accepts the Chinese header aliases of other export versions', async () => {
    const bytes = await xlsxBuffer([
      {
        name: '发票',
        rows: [
          ['数电票号码', '销售方纳税人识别号', '销售方名称', '购买方纳税人识别号', '购方名称', '开票时间', '合计金额'],
          ['26112000000135114301', COMPANY.taxNo, COMPANY.name, CUSTOMER.taxNo, CUSTOMER.name, '2026-01-02', '100'],
        ].map((row, index) => [
          ...row,
          ...(index === 0 ? ['合计税额', '价税合计', '票种'] : ['13', '113', '数电票（增值税专用发票）']),
        ]),
      },
    ]);
    const { invoices } = await readExport(bytes, 'xlsx');
    expect(invoices).toEqual([
      {
        ...BLUE_INVOICE,
        key: '26112000000135114301',
        digitalNumber: '26112000000135114301',
        issuedAt: '2026-01-02 00:00:00',
        hasTime: false,
        amountFen: 10_000,
        taxFen: 1_300,
        totalFen: 11_300,
        source: null,
        kindText: '数电票（增值税专用发票）',
        status: 'normal',
        statusText: null,
        riskLevel: null,
        issuer: null,
      },
    ]);
  });
});

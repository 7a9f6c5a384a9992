import { describe, expect, it } from 'vitest';
import { INVOICE_SHEET_HEADERS, LINE_SHEET_HEADERS } from '../../fixtures/invoice-export.layout.js';
import { inspectHeaderRow } from './header.detector.js';

describe('inspectHeaderRow', () => {
  it('recognises the 19-column invoice sheet and maps every column', () => {
    const verdict = inspectHeaderRow([...INVOICE_SHEET_HEADERS], 3);
    expect(verdict.status).toBe('header');
    if (verdict.status !== 'header') return;
    expect(verdict.layout.kind).toBe('invoices');
    expect(verdict.layout.headerRow).toBe(3);
    expect(verdict.layout.index).toMatchObject({ seq: 0, digitalNumber: 3, issuedAt: 8, total: 11, remark: 18 });
  });

  it('tells the line sheet by its columns', () => {
    const verdict = inspectHeaderRow([...LINE_SHEET_HEADERS], 1);
    expect(verdict.status === 'header' && verdict.layout.kind).toBe('lines');
  });

  it('accepts aliases, pinyin keys, * markers, (元) suffixes, spaces and extra columns', () => {
    const verdict = inspectHeaderRow(
      [
        '报销状态',
        '数电票号码',
        '销售方纳税人识别号',
        '购买方纳税人识别号',
        '购方名称',
        ' 开票 日期 ',
        '*金额(元)',
        'SE',
        'jshj',
      ],
      2,
    );
    expect(verdict.status).toBe('header');
    if (verdict.status !== 'header') return;
    expect(verdict.layout.index).toEqual({
      digitalNumber: 1,
      sellerTaxNo: 2,
      buyerTaxNo: 3,
      buyerName: 4,
      issuedAt: 5,
      amount: 6,
      tax: 7,
      total: 8,
    });
    expect(verdict.layout.header.amount).toBe('*金额(元)');
  });

  it('passes over title rows and summary tables', () => {
    expect(inspectHeaderRow(['全量发票查询导出结果'], 1)).toEqual({ status: 'not-header' });
    expect(inspectHeaderRow(['月份', '份数', '金额', '税额', '价税合计'], 1)).toEqual({ status: 'not-header' });
  });

  it('names the missing required columns', () => {
    const headers = INVOICE_SHEET_HEADERS.filter((header) => header !== '开票日期' && header !== '价税合计');
    expect(inspectHeaderRow(headers, 1)).toEqual({
      status: 'missing',
      kind: 'invoices',
      headerRow: 1,
      missing: ['开票日期', '价税合计'],
    });
    const noNumbers = LINE_SHEET_HEADERS.filter((header) => !['发票号码', '数电发票号码'].includes(header));
    expect(inspectHeaderRow(noNumbers, 1)).toMatchObject({ missing: ['数电发票号码（或发票代码、发票号码）'] });
  });
});

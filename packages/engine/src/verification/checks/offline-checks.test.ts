import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { chineseAmountToFen, fenToChineseAmount, taxRateBpOf, yuanToFen } from '../face-values.js';
import {
  buildEInvoiceXml,
  qrPayloadOf,
  SAMPLE_SELLER,
  sampleInvoice,
  sampleOldInvoice,
} from '../fixtures/invoice-spec.fixture.js';
import { kindOfCode } from '../invoice-kind.js';
import { buildManualListTemplate, type ManualEntryError, manualFace, readManualList } from '../manual-entry.js';
import { parseQrPayload } from '../qr-payload.js';
import { readInvoiceXml } from '../readers/einvoice-xml.reader.js';
import type { InvoiceFace } from '../types.js';
import { type CheckContext, type CheckId, overallOf, runOfflineChecks } from './offline-checks.js';

const TODAY = '2026-11-25';
const CONTEXT: CheckContext = { today: TODAY, earlier: [], imported: undefined, sellerRisk: null };

function faceOf(overrides = {}): InvoiceFace {
  const spec = sampleInvoice(overrides);
  const face = readInvoiceXml(buildEInvoiceXml(spec))?.face as InvoiceFace;
  face.qr = parseQrPayload(qrPayloadOf(spec));
  return face;
}

function verdicts(face: InvoiceFace, context: Partial<CheckContext> = {}): Record<CheckId, string> {
  const results = runOfflineChecks(face, { ...CONTEXT, ...context });
  return Object.fromEntries(results.map((result) => [result.id, result.verdict])) as Record<CheckId, string>;
}

describe('face values', () => {
  it('reads and spells 大写 amounts, with the variants', () => {
    expect(chineseAmountToFen('壹佰零陆圆整')).toBe(10_600);
    expect(chineseAmountToFen('壹仟零伍拾元正')).toBe(105_000);
    expect(chineseAmountToFen('壹佰万零伍佰圆整')).toBe(100_050_000);
    expect(chineseAmountToFen('壹拾圆零伍分')).toBe(1_005);
    expect(chineseAmountToFen('伍角')).toBe(50);
    expect(chineseAmountToFen('（负数）壹佰圆整')).toBe(-10_000);
    expect(chineseAmountToFen('一百元')).toBeNull();
    for (const fen of [1, 50, 1_005, 10_600, 105_000, 1_000_000, 100_050_000, 12_345_678_901, 10_000_000_000]) {
      expect(chineseAmountToFen(fenToChineseAmount(fen))).toBe(fen);
    }
    expect(fenToChineseAmount(100_050_000)).toBe('壹佰万零伍佰圆整');
  });

  it('reads money and rates as files write them', () => {
    expect(yuanToFen('¥1,234.5')).toBe(123_450);
    expect(yuanToFen('***')).toBeNull();
    expect(taxRateBpOf('0.06')).toBe(600);
    expect(taxRateBpOf('13%')).toBe(1300);
    expect(taxRateBpOf('免税')).toBeNull();
  });

  it('classifies codes by the verification site rule (domain facts §2.2, §2.3 test vectors)', () => {
    expect(kindOfCode('032002100204')).toBe('04');
    expect(kindOfCode('144002288010')).toBe('99');
    expect(kindOfCode('3300232130')).toBe('01');
    expect(kindOfCode('031001900111')).toBe('10');
  });

  it('parses QR payloads, full-width commas included', () => {
    expect(parseQrPayload('01，31，，24922000000012341234，666.00，20240208，，76A1')).toMatchObject({
      kindCode: '31',
      number: '24922000000012341234',
      amountFen: 66_600,
    });
    expect(parseQrPayload('https://example.invalid')).toBeNull();
  });
});

describe('offline checks', () => {
  it('a consistent invoice passes what local data can check and leaves the rest as 数据不足', () => {
    const results = verdicts(faceOf());
    expect(results).toEqual({
      number: 'pass',
      qr: 'pass',
      amounts: 'pass',
      tax_rate: 'pass',
      credit_codes: 'pass',
      date: 'pass',
      duplicate: 'pass',
      imported: 'no_data',
      company_risk: 'no_data',
    });
    expect(overallOf(runOfflineChecks(faceOf(), CONTEXT))).toBe('pass');
  });

  it('catches sums, 大写 and QR that disagree with the face', () => {
    const face = faceOf();
    face.totalFen = 106_100;
    face.totalInWords = '壹仟零陆拾壹圆整';
    const results = runOfflineChecks(face, CONTEXT);
    const amounts = results.find((result) => result.id === 'amounts');
    expect(amounts?.verdict).toBe('fail');
    expect(amounts?.reason).toContain('与价税合计1061.00不符');
    expect(results.find((result) => result.id === 'qr')?.verdict).toBe('fail');
    const words = faceOf();
    words.totalInWords = '壹仟零陆拾伍圆整';
    expect(runOfflineChecks(words, CONTEXT).find((result) => result.id === 'amounts')?.reason).toContain(
      '应为壹仟零陆拾圆整',
    );
  });

  it('warns on a rate that does not fit the tax classification code', () => {
    const face = faceOf({
      lines: [
        { name: '*建筑服务*工程款', taxCode: '3050100000000000000', rateBp: 600, amountFen: 100_000, taxFen: 6_000 },
      ],
    });
    const result = runOfflineChecks(face, CONTEXT).find((entry) => entry.id === 'tax_rate');
    expect(result?.verdict).toBe('warn');
    expect(result?.reason).toContain('建筑服务');
    expect(result?.reason).toContain('9%');
  });

  it('credit codes: a wrong check digit warns, garbage fails', () => {
    const face = faceOf();
    face.sellerTaxNo = `${SAMPLE_SELLER.taxNo.slice(0, 17)}${SAMPLE_SELLER.taxNo.endsWith('1') ? '2' : '1'}`;
    expect(verdicts(face).credit_codes).toBe('warn');
    face.sellerTaxNo = 'ABC';
    expect(verdicts(face).credit_codes).toBe('fail');
  });

  it('dates: future fails, today warns, older than five years fails', () => {
    expect(verdicts(faceOf({ date: '2026-11-26', number: '26312000000136634917' })).date).toBe('fail');
    expect(verdicts(faceOf({ date: TODAY, number: '26312000000136634917' })).date).toBe('warn');
    const old = readInvoiceXml(buildEInvoiceXml(sampleOldInvoice({ date: '2021-11-24' })))?.face as InvoiceFace;
    expect(verdicts(old).date).toBe('fail');
  });

  it('number structure: a year ahead of today or an unknown province fails', () => {
    expect(verdicts(faceOf({ number: '27312000000136634917' })).number).toBe('fail');
    expect(verdicts(faceOf({ number: '24992000000136634917' })).number).toBe('fail');
  });

  it('duplicates, imported status and the company risk list', () => {
    const face = faceOf();
    const earlier = [{ checkedAt: '2026-11-01 10:00', checkedBy: '138****0002' }];
    const duplicate = runOfflineChecks(face, { ...CONTEXT, earlier }).find((result) => result.id === 'duplicate');
    expect(duplicate?.verdict).toBe('warn');
    expect(duplicate?.reason).toContain('重复报销');
    const imported = {
      companyName: '示例科技有限公司',
      status: 'red_full' as const,
      statusText: '已红冲-全额',
      riskLevel: null,
    };
    expect(verdicts(face, { imported }).imported).toBe('fail');
    expect(verdicts(face, { imported: { ...imported, status: 'normal', riskLevel: 'suspect' } }).imported).toBe('warn');
    expect(verdicts(face, { imported: { ...imported, status: 'normal' } }).imported).toBe('pass');
    expect(verdicts(face, { imported: null }).imported).toBe('no_data');
    expect(verdicts(face, { sellerRisk: [{ label: '非正常户', detail: '2025-01认定' }] }).company_risk).toBe('fail');
    expect(verdicts(face, { sellerRisk: [] }).company_risk).toBe('pass');
  });
});

describe('manual entry', () => {
  it('builds a face from the four elements by kind', () => {
    expect(manualFace({ number: '24312000000136634917', date: '20240514', fourth: '1060.00' }, TODAY)).toMatchObject({
      kindCode: '82',
      totalFen: 106_000,
    });
    expect(
      manualFace(
        { code: '031001900111', number: '01234567', date: '2022-03-15', fourth: '12345678901234567890' },
        TODAY,
      ),
    ).toMatchObject({
      kindCode: '10',
      checkCode: '567890',
    });
    expect(
      manualFace({ code: '3300232130', number: '01234567', date: '20230102', fourth: '1000' }, TODAY),
    ).toMatchObject({
      kindCode: '01',
      amountFen: 100_000,
    });
  });

  it('refuses with the verification service codes', () => {
    const code = (input: Parameters<typeof manualFace>[0]) => {
      try {
        manualFace(input, TODAY);
        return null;
      } catch (error) {
        return (error as ManualEntryError).code;
      }
    };
    expect(code({ number: '24312000000136634917', date: '2024/05/14', fourth: '1' })).toBe('1010');
    expect(code({ number: '1234', date: '20240514', fourth: '1' })).toBe('1005');
    expect(code({ code: '031001900111', number: '01234567', date: '20220315', fourth: '12a' })).toBe('114');
  });
});

describe('batch manual list', () => {
  it('the template reads back its filled rows; another workbook is refused', async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await buildManualListTemplate()) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
    sheet.addRow(['', '24312000000136634917', '20240514', '1060.00']);
    sheet.addRow(['031001900111', '01234567', '20220315', '567890']);
    const rows = await readManualList(new Uint8Array(await workbook.xlsx.writeBuffer()));
    expect(rows).toEqual([
      { row: 2, input: { code: '', number: '24312000000136634917', date: '20240514', fourth: '1060.00' } },
      { row: 3, input: { code: '031001900111', number: '01234567', date: '20220315', fourth: '567890' } },
    ]);
    const other = new ExcelJS.Workbook();
    other.addWorksheet('x').addRow(['名称']);
    await expect(readManualList(new Uint8Array(await other.xlsx.writeBuffer()))).rejects.toThrow('表头与模板不符');
  });
});

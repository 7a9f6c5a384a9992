import { describe, expect, it } from 'vitest';
import { readExport } from './invoice-export.test-support.js';
import { BUILDING, HOUSEHOLD, RATES, REAL_SAMPLE, realShapedExport, TRAIN } from './real-export.sample-workbook.js';

/** The special-business sheets beyond 建筑服务 and 铁路电子客票 (domain facts §1.7), each read as attributes. */
describe('every special-business sheet of a real-shaped export', () => {
  it('reads 不动产经营租赁服务, 旅客运输服务, 货物运输服务 and 机动车销售统一发票 onto the invoices they name', async () => {
    const read = await readExport(await realShapedExport({ allSpecialSheets: true }), 'xlsx');
    expect(read.problems.filter((problem) => problem.severity === 'error')).toEqual([]);
    expect(read.invoices.length).toBe(REAL_SAMPLE.invoiceCount);
    const detail = (business: string) => read.details.find((item) => item.business === business);
    expect(detail('不动产经营租赁服务')).toMatchObject({
      invoiceKey: RATES,
      fields: expect.arrayContaining([
        { label: '产权证书/不动产权证号', value: '苏(2023)苏州市不动产权第0000123号' },
        { label: '租赁期起', value: '2024-01-01' },
      ]),
    });
    expect(detail('货物运输服务')).toMatchObject({
      invoiceKey: BUILDING,
      fields: expect.arrayContaining([{ label: '起运地', value: '苏州' }]),
    });
    expect(detail('机动车销售统一发票')).toMatchObject({
      invoiceKey: HOUSEHOLD,
      fields: expect.arrayContaining([{ label: '车辆识别代号/车架号码', value: 'LSVAA000000000001' }]),
    });
    // The traveller of a 旅客运输服务 invoice is personal data: masked before it leaves the engine.
    expect(detail('旅客运输服务')).toMatchObject({
      invoiceKey: TRAIN,
      fields: expect.arrayContaining([
        { label: '出行人', value: '赵*' },
        { label: '有效身份证件号', value: '1101**********006X' },
      ]),
    });
    const text = JSON.stringify(read.details);
    expect(text).not.toContain('赵六');
    expect(text).not.toContain('11010519491231006X');
    expect(read.summary.skippedSheets.map((sheet) => sheet.name ?? sheet)).toEqual([
      expect.stringContaining('导出说明'),
    ]);
  });
});

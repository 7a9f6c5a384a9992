import { deductionListSheet, iitWithholdingSheet, socialInsuranceSheet, xlsBuffer } from '@taxlens/engine/fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.js';
import { uploadFile } from '../../../test/uploads.js';

/** The 发票勾选确认 export and the payroll files import through the same upload → job pipeline. */

let ctx: TestContext;
let main: string;
let firmId: number;
const company = { name: '测试勾选个税有限公司', taxNo: '91440305MA5TL00030' };
const seller = { sellerName: '示例青禾物流有限公司', sellerTaxNo: '915301115551499841' };

async function upload(kind: string, filename: string, content: Buffer) {
  return (await uploadFile(ctx, main, { firmId: String(firmId), kind }, { filename, content })).data;
}

const deductions = () =>
  ctx.db.selectFrom('vat_deductions').selectAll().where('company_id', '=', firmId).orderBy('invoice_key').execute();

beforeAll(async () => {
  ctx = await createTestContext({ workers: true });
  main = await ctx.login('13800000001');
  const bound = await ctx.call('POST', '/api/CsbFirmCertification/bindFirm', {
    token: main,
    body: { taxpayerName: company.name, taxNo: company.taxNo },
  });
  firmId = bound.data.firmId;
});
afterAll(() => ctx.close());

describe('deduction list and payroll imports', () => {
  const list = () =>
    xlsBuffer([
      deductionListSheet(company.taxNo, [
        {
          ...seller,
          digitalNumber: '24112000000135114086',
          issuedOn: '2024-03-14',
          amount: 10000,
          tax: 1300,
          selected: true,
          selectedOn: '2024-04-08',
        },
        {
          ...seller,
          code: '3200231130',
          number: '04161123',
          issuedOn: '2024-02-01',
          amount: 2000,
          tax: 260,
          selected: false,
        },
      ]),
    ]);

  it('stores the 勾选 list once however often it comes', async () => {
    const first = await upload('deduction', '抵扣勾选.xls', list());
    expect(first.status, first.message).toBe('done');
    expect(first.message).toBe('导入完成：勾选清单 2 张发票，已勾选 1 张，有效抵扣税额 1300.00 元');
    expect((await upload('deduction', '抵扣勾选.xls', list())).status).toBe('done');
    const rows = await deductions();
    expect(
      rows.map((row) => [
        row.invoice_key,
        row.selected,
        Number(row.deductible_tax_fen),
        Number(row.total_fen),
        row.total_derived,
        row.period,
      ]),
    ).toEqual([
      ['24112000000135114086', true, 130_000, 1_130_000, true, '2024-04'],
      ['3200231130:04161123', false, 26_000, 226_000, true, null],
    ]);
  });

  it('refuses another buyer’s list and a list with a bad row; stores nothing', async () => {
    const foreign = await upload(
      'deduction',
      '别家.xls',
      xlsBuffer([
        deductionListSheet('91110108769914581E', [
          {
            ...seller,
            digitalNumber: '24112000000135119999',
            issuedOn: '2024-03-14',
            amount: 1,
            tax: 0,
            selected: true,
          },
        ]),
      ]),
    );
    expect([foreign.status, foreign.message]).toEqual([
      'failed',
      `勾选清单的购买方识别号是 91110108769914581E，不是${company.name}（${company.taxNo}）的清单，未导入任何数据`,
    ]);
    const broken = deductionListSheet(company.taxNo, [
      { ...seller, digitalNumber: '24112000000135118888', issuedOn: '2024-03-14', amount: 1, tax: 0, selected: true },
    ]);
    (broken.rows[3] as unknown[])[6] = '一百';
    const rejected = await upload('deduction', '有错.xls', xlsBuffer([broken]));
    expect(rejected.status).toBe('rejected');
    expect(rejected.hasProblemReport).toBe(true);
    const notAList = await upload('deduction', '不是清单.xls', xlsBuffer([{ name: 'a', rows: [['随便什么']] }]));
    expect([notAList.status, notAList.message]).toEqual([
      'failed',
      expect.stringContaining('文件不是发票勾选（抵扣勾选）导出表'),
    ]);
    expect((await deductions()).length).toBe(2);
  });

  it('keeps 个税 and 社保 as monthly totals, replaced by a later file of the same month', async () => {
    const people = [
      { id: '110101199003071234', income: 12000, tax: 210 },
      { id: '110101198805126543', income: 8000, tax: 90 },
    ];
    expect(
      (await upload('payroll', '个税3月.xls', xlsBuffer([iitWithholdingSheet(company.taxNo, '2024-03', people)])))
        .status,
    ).toBe('done');
    const again = await upload(
      'payroll',
      '个税3月.xls',
      xlsBuffer([iitWithholdingSheet(company.taxNo, '2024-03', people.slice(0, 1))]),
    );
    expect(again.message).toBe('导入完成：个税扣缴申报 1 个月（2024-03）');
    const insured = await upload(
      'payroll',
      '社保.xlsx',
      xlsBuffer([
        socialInsuranceSheet(
          [{ month: '2024-03', people: [{ id: '110101199003071234', base: 10000 }] }],
          company.taxNo,
        ),
      ]),
    );
    expect(insured.status, insured.message).toBe('done');
    const months = await ctx.db
      .selectFrom('payroll_months')
      .selectAll()
      .where('company_id', '=', firmId)
      .orderBy('source')
      .execute();
    expect(
      months.map((row) => [
        row.period,
        row.source,
        row.headcount,
        Number(row.wage_fen),
        row.tax_fen === null ? null : Number(row.tax_fen),
      ]),
    ).toEqual([
      ['2024-03', 'iit', 1, 1_200_000, 21_000],
      ['2024-03', 'social_insurance', 1, 1_000_000, null],
    ]);
  });

  it('refuses a 个税 or 社保 file of another 扣缴义务人 / 缴费单位; stores nothing', async () => {
    const before = await ctx.db.selectFrom('payroll_months').select('id').where('company_id', '=', firmId).execute();
    const iit = await upload(
      'payroll',
      '别家个税.xls',
      xlsBuffer([
        iitWithholdingSheet('91110108769914581E', '2024-04', [{ id: '110101199003071234', income: 1, tax: 0 }]),
      ]),
    );
    expect([iit.status, iit.message]).toEqual([
      'failed',
      `个税扣缴申报表的扣缴义务人识别号是 91110108769914581E，不是${company.name}（${company.taxNo}）的个税扣缴申报表，未导入任何数据`,
    ]);
    const insured = await upload(
      'payroll',
      '别家社保.xlsx',
      xlsBuffer([
        socialInsuranceSheet(
          [{ month: '2024-04', people: [{ id: '110101199003071234', base: 1 }] }],
          '91110108769914581E',
        ),
      ]),
    );
    expect([insured.status, insured.message]).toEqual([
      'failed',
      `社保缴费明细的缴费单位识别号是 91110108769914581E，不是${company.name}（${company.taxNo}）的社保缴费明细，未导入任何数据`,
    ]);
    const after = await ctx.db.selectFrom('payroll_months').select('id').where('company_id', '=', firmId).execute();
    expect(after.length).toBe(before.length);
  });
});

import { describe, expect, it } from 'vitest';
import { balance, figure, income, invoices2024, run, TEST_COMPANY, vatMonths, wan } from '../testing/tax.fixtures.js';
import {
  exemptNoTransferOutRule,
  inputDeclaredVsInvoicesRule,
  inputTransferOutRule,
  purchasesVsCostRule,
} from './vat-input.rules.js';

describe('TAX_INPUT_TRANSFER_OUT 进项税额转出比例', () => {
  const at = (transfer: number, inputTax = 10) =>
    run(
      inputTransferOutRule,
      vatMonths(2024, { taxableSalesGeneral: 100, inputTax, inputTaxTransferredOut: transfer }),
    );

  it('0.4 of 10万 (4%) none; 0.5 (5%) low; 1 (10%) medium', () => {
    expect(at(0.4).level).toBe('none');
    expect(at(0.5).level).toBe('low');
    const medium = at(1);
    expect(medium.level).toBe('medium');
    expect(figure(medium, '2024年度转出比例')).toBe(10);
  });

  it('without input tax the rule does not apply', () => {
    const finding = at(0, 0);
    expect(finding.level).toBe('none');
    expect(finding.summary).toContain('无进项税额');
  });
});

describe('TAX_EXEMPT_NO_TRANSFER_OUT 有免税销售额但未转出进项', () => {
  const at = (general: number, exempt: number, transfer: number) =>
    run(
      exemptNoTransferOutRule,
      vatMonths(2024, {
        taxableSalesGeneral: general,
        exemptSales: exempt,
        inputTax: 10,
        inputTaxTransferredOut: transfer,
      }),
    ).level;

  it('5% exempt sales and nothing transferred out → medium; something transferred → none', () => {
    expect(at(95, 5, 0)).toBe('medium');
    expect(at(95, 5, 0.2)).toBe('none');
  });

  it('4% exempt sales is under the 5% floor → none', () => {
    expect(at(96, 4, 0)).toBe('none');
  });
});

describe('TAX_INPUT_DECLARED_VS_INVOICES 申报进项税额大于取得专票税额', () => {
  const invoices = invoices2024(100, 50); // 专票 tax 6.5万 a month = 78万
  const at = (monthlyInput: number) =>
    run(inputDeclaredVsInvoicesRule, vatMonths(2024, { taxableSalesGeneral: 100, inputTax: monthlyInput }), {
      invoices,
    });

  it('declared equals invoices → none', () => {
    const finding = at(6.5);
    expect(finding.level).toBe('none');
    expect(figure(finding, '2024年度取得专票税额')).toBe(wan(78));
  });

  it('86.4万 declared: (86.4 − 78)/78 = 10.77% → medium; 85.2万 (9.23%) → none', () => {
    expect(at(7.2).level).toBe('medium');
    expect(at(7.1).level).toBe('none');
  });

  it('does not apply to a small-scale taxpayer; needs invoices', () => {
    const small = run(inputDeclaredVsInvoicesRule, vatMonths(2024, { taxableSalesSimplified: 100 }), {
      invoices,
      company: { ...TEST_COMPANY, taxpayerType: 'small_scale' },
    });
    expect(small.level).toBe('none');
    expect(run(inputDeclaredVsInvoicesRule, vatMonths(2024, { inputTax: 6.5 })).level).toBe('insufficient');
  });
});

describe('TAX_PURCHASES_VS_COST 采购与销售成本不匹配', () => {
  const invoices = invoices2024(100, 50); // purchases 600万 excl. tax
  const at = (cost: number, opening: number, closing: number) =>
    run(
      purchasesVsCostRule,
      [
        income('2024', { operatingCost: cost }),
        balance('2023', { inventory: opening }),
        balance('2024', { inventory: closing }),
      ],
      { invoices },
    );

  it('600 bought for 400 cost + 50 more stock = 450 → 1.33 → none', () => {
    const finding = at(400, 100, 150);
    expect(finding.level).toBe('none');
    expect(figure(finding, '2024年度采购 ÷ 耗用')).toBe(1.33);
  });

  it('600 bought for 300 used → 2.0 → medium; 1300 used → 0.46 → low', () => {
    expect(at(300, 100, 100).level).toBe('medium');
    expect(at(1300, 100, 100).level).toBe('low');
  });

  it('is insufficient without the opening balance sheet', () => {
    const finding = run(
      purchasesVsCostRule,
      [income('2024', { operatingCost: 400 }), balance('2024', { inventory: 1 })],
      {
        invoices,
      },
    );
    expect(finding.missingData?.join()).toContain('2023年12月末的资产负债表');
  });
});

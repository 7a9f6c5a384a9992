import { describe, expect, it } from 'vitest';
import { COMPANY, evaluate, figure, purchase, sale, times } from '../testing/invoice.fixtures.js';
import { abnormalInputRule, abnormalOutputRule, inputOutputRatioRule, ordinaryInputShareRule } from './input.rules.js';

const WAN = 1_000_000;

describe('INV_ABNORMAL_INPUT 进项异常凭证', () => {
  it('one 异常凭证 of 1万 at 13% → high, with 1 300元 tax at stake', () => {
    const finding = evaluate(abnormalInputRule, { invoices: [purchase({ riskLevel: 'abnormal' }), purchase()] });
    expect(finding.level).toBe('high');
    expect(figure(finding, '涉及税额')).toBe(130_000);
    expect(finding.evidence?.total).toBe(1);
  });

  it('only 疑点发票 → medium; all 正常 → none', () => {
    expect(evaluate(abnormalInputRule, { invoices: [purchase({ riskLevel: 'suspect' })] }).level).toBe('medium');
    expect(evaluate(abnormalInputRule, { invoices: [purchase()] }).level).toBe('none');
  });

  it('is insufficient when the export had no risk level, or without purchases', () => {
    const finding = evaluate(abnormalInputRule, { invoices: [purchase({ riskLevel: null })] });
    expect(finding.level).toBe('insufficient');
    expect(finding.missingData?.[0]).toContain('发票风险等级');
    expect(evaluate(abnormalInputRule, { invoices: [sale()] }).level).toBe('insufficient');
  });
});

describe('INV_ABNORMAL_OUTPUT 销项被标记', () => {
  it('a sales 异常凭证 → high, a 疑点 → medium, purchases ignored', () => {
    expect(evaluate(abnormalOutputRule, { invoices: [sale({ riskLevel: 'abnormal' })] }).level).toBe('high');
    expect(
      evaluate(abnormalOutputRule, { invoices: [sale({ riskLevel: 'suspect' }), purchase({ riskLevel: 'abnormal' })] })
        .level,
    ).toBe('medium');
    expect(evaluate(abnormalOutputRule, { invoices: [purchase()] }).level).toBe('insufficient');
  });
});

describe('INV_INPUT_OUTPUT_RATIO 进销项税额比', () => {
  // 100万 of sales at 13% → 13万 output tax.
  const sales = [sale({ amountFen: 100 * WAN })];
  const inputs = (wan: number) => [purchase({ amountFen: wan * WAN })];

  it('150万 of 专票 purchases → 19.5万 ÷ 13万 = 1.5 → medium', () => {
    const finding = evaluate(inputOutputRatioRule, { invoices: [...sales, ...inputs(150)] });
    expect(figure(finding, '进销项税额比')).toBe(1.5);
    expect(finding.level).toBe('medium');
  });

  it('boundaries: 1.2 → low, 1.19 → none, 2 → high', () => {
    expect(evaluate(inputOutputRatioRule, { invoices: [...sales, ...inputs(120)] }).level).toBe('low');
    expect(evaluate(inputOutputRatioRule, { invoices: [...sales, ...inputs(119)] }).level).toBe('none');
    expect(evaluate(inputOutputRatioRule, { invoices: [...sales, ...inputs(200)] }).level).toBe('high');
  });

  it('counts only deductible inputs: 普票 out, 通行费电子普票 (14) in', () => {
    const ordinary = purchase({ amountFen: 300 * WAN, isSpecial: false, kindCode: '82' });
    expect(evaluate(inputOutputRatioRule, { invoices: [...sales, ordinary] }).level).toBe('none');
    const toll = purchase({ amountFen: 300 * WAN, isSpecial: false, kindCode: '14' });
    expect(evaluate(inputOutputRatioRule, { invoices: [...sales, toll] }).level).toBe('high');
  });

  it('does not apply to 小规模; zero output tax with input is high; insufficient without a side', () => {
    const small = { ...COMPANY, taxpayerType: 'small_scale' as const };
    expect(evaluate(inputOutputRatioRule, { company: small, invoices: [...sales, ...inputs(500)] }).summary).toContain(
      '不适用',
    );
    const exempt = sale({ amountFen: 100 * WAN, taxFen: 0 });
    expect(evaluate(inputOutputRatioRule, { invoices: [exempt, ...inputs(10)] }).level).toBe('high');
    expect(evaluate(inputOutputRatioRule, { invoices: sales }).level).toBe('insufficient');
    expect(evaluate(inputOutputRatioRule, { invoices: inputs(1) }).level).toBe('insufficient');
  });
});

describe('INV_ORDINARY_INPUT_SHARE 进项普票占比', () => {
  const mix = (ordinary: number, special: number) => [
    ...times(ordinary, () => purchase({ isSpecial: false, kindCode: '82', kindText: '数电发票（普通发票）' })),
    ...times(special, () => purchase()),
  ];

  it('7 of 10 equal purchases on 普票 → 70% → medium; 5 → low; 4 → none', () => {
    const finding = evaluate(ordinaryInputShareRule, { invoices: mix(7, 3) });
    expect(figure(finding, '普通发票金额占比')).toBe(70);
    expect(finding.level).toBe('medium');
    expect(evaluate(ordinaryInputShareRule, { invoices: mix(5, 5) }).level).toBe('low');
    expect(evaluate(ordinaryInputShareRule, { invoices: mix(4, 6) }).level).toBe('none');
  });

  it('treats air and rail tickets as deductible; 小规模 not applicable; insufficient without purchases', () => {
    const tickets = times(8, () => purchase({ isSpecial: false, kindCode: '61' }));
    expect(evaluate(ordinaryInputShareRule, { invoices: tickets }).level).toBe('none');
    const small = { ...COMPANY, taxpayerType: 'small_scale' as const };
    expect(evaluate(ordinaryInputShareRule, { company: small, invoices: mix(10, 0) }).level).toBe('none');
    expect(evaluate(ordinaryInputShareRule, { invoices: [sale()] }).level).toBe('insufficient');
  });
});

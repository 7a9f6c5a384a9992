import { describe, expect, it } from 'vitest';
import { calculateDisabilityLevy, type DisabilityLevyCalcInput } from './disability-levy.js';

/**
 * Worked examples computed by hand from the rules: 财税〔2015〕72号 第八条 (formula), 财税〔2018〕39号
 * (wage base capped at 2× the local social average wage), 财政部公告2019年第98号 and 财政部公告2023年第8号
 * (≤30-staff enterprise exemption; 50% / 90% tiers). Every figure below is worked out in the comment.
 */
const base: DisabilityLevyCalcInput = {
  levyYear: 2024,
  employerKind: 'enterprise',
  staffCount: 200,
  disabledCount: 0,
  severeDisabledCount: 0,
  totalWagesFen: 0,
  localAverageWageFen: 0,
  ratioBp: 150,
  regionName: '测试地区',
};

describe('残保金 calculator', () => {
  it('charges 90% when under 1%: 200 staff, 1.5%, one disabled employee', () => {
    // 应安排 200 × 1.5% = 3; 差额 3 − 1 = 2; 平均工资 24,000,000.00 ÷ 200 = 120,000.00;
    // 上限 2 × 100,000.00 = 200,000.00 → 基数 120,000.00; 应纳 2 × 120,000.00 = 240,000.00;
    // 实际比例 0.5% < 1% → 缴 90% = 216,000.00, 减免 24,000.00.
    const result = calculateDisabilityLevy({
      ...base,
      disabledCount: 1,
      totalWagesFen: 2_400_000_000,
      localAverageWageFen: 10_000_000,
    });
    expect(result.shortfall).toBe('2');
    expect(result.averageWageFen).toBe(12_000_000);
    expect(result.wageBaseFen).toBe(12_000_000);
    expect(result.grossFen).toBe(24_000_000);
    expect(result.dueFen).toBe(21_600_000);
    expect(result.reductionFen).toBe(2_400_000);
    expect(result.basis).toContain('财政部公告2023年第8号');
    expect(result.lines.map((line) => line.label)).toEqual([
      '上年在职职工人数',
      '所在地规定比例',
      '上年实际安排残疾人就业人数',
      '实际安排比例',
      '应安排残疾人就业人数',
      '差额人数',
      '上年在职职工年平均工资',
      '计费工资基数',
      '本期应纳费额',
      '本期减免费额',
      '本期应缴费额',
    ]);
    expect(result.lines.at(-1)?.value).toBe('216,000.00元');
  });

  it('counts a grade-1/2 employee double, caps the wage at 2× and charges 50% from 1%', () => {
    // 150 staff, 1.7%: 应安排 2.55; 一名一级残疾人计2人 → 实际 2, 比例 1.33% ≥ 1%;
    // 差额 0.55 (not rounded); 平均工资 18,000,000.00 ÷ 150 = 120,000.00 > 2 × 50,000.00 → 基数 100,000.00;
    // 应纳 0.55 × 100,000.00 = 55,000.00; 缴 50% = 27,500.00.
    const result = calculateDisabilityLevy({
      ...base,
      staffCount: 150,
      ratioBp: 170,
      severeDisabledCount: 1,
      totalWagesFen: 1_800_000_000,
      localAverageWageFen: 5_000_000,
    });
    expect(result.shortfall).toBe('0.55');
    expect(result.wageBaseFen).toBe(10_000_000);
    expect(result.grossFen).toBe(5_500_000);
    expect(result.payablePercent).toBe(50);
    expect(result.dueFen).toBe(2_750_000);
  });

  it('treats exactly 1% as the 50% tier', () => {
    // 200 staff, 2 disabled = 1.00%: 差额 1; 平均工资 100,000.00; 应纳 100,000.00; 缴 50,000.00.
    const result = calculateDisabilityLevy({
      ...base,
      disabledCount: 2,
      totalWagesFen: 2_000_000_000,
      localAverageWageFen: 10_000_000,
    });
    expect(result.grossFen).toBe(10_000_000);
    expect(result.dueFen).toBe(5_000_000);
  });

  it('exempts an enterprise of 30 staff but not an institution of 30', () => {
    const enterprise = calculateDisabilityLevy({ ...base, staffCount: 30, totalWagesFen: 300_000_000 });
    expect(enterprise.exempt).toBe(true);
    expect(enterprise.dueFen).toBe(0);
    expect(enterprise.lines.at(-1)?.working).toContain('零申报');
    // 事业单位 30 staff, 1.5%: 差额 0.45; 平均工资 3,000,000.00 ÷ 30 = 100,000.00 ≤ 2 × 80,000.00;
    // 应纳 45,000.00; 比例 0 < 1% → 缴 90% = 40,500.00.
    const institution = calculateDisabilityLevy({
      ...base,
      staffCount: 30,
      employerKind: 'institution',
      totalWagesFen: 300_000_000,
      localAverageWageFen: 8_000_000,
    });
    expect(institution.exempt).toBe(false);
    expect(institution.grossFen).toBe(4_500_000);
    expect(institution.dueFen).toBe(4_050_000);
  });

  it('does not exempt 31 staff', () => {
    // 31 × 1.5% = 0.465; 平均工资 3,100,000.00 ÷ 31 = 100,000.00; 应纳 46,500.00; 缴 90% = 41,850.00.
    const result = calculateDisabilityLevy({
      ...base,
      staffCount: 31,
      totalWagesFen: 310_000_000,
      localAverageWageFen: 8_000_000,
    });
    expect(result.exempt).toBe(false);
    expect(result.dueFen).toBe(4_185_000);
  });

  it('takes an average headcount with decimals and keeps the fractional shortfall', () => {
    // 87.25 staff (monthly average), 1.6%: 应安排 1.396; 差额 1.396;
    // 平均工资 8,725,000.00 ÷ 87.25 = 100,000.00; 应纳 139,600.00; 缴 90% = 125,640.00.
    const result = calculateDisabilityLevy({
      ...base,
      staffCount: 87.25,
      ratioBp: 160,
      totalWagesFen: 872_500_000,
      localAverageWageFen: 6_000_000,
    });
    expect(result.shortfall).toBe('1.396');
    expect(result.grossFen).toBe(13_960_000);
    expect(result.dueFen).toBe(12_564_000);
  });

  it('rounds the average wage and the fee to the fen', () => {
    // 33 staff: 平均工资 1,000,000.00 ÷ 33 = 30,303.0303… → 30,303.03; 差额 33 × 1.5% = 0.495;
    // 应纳 0.495 × 30,303.03 = 14,999.99985 → 15,000.00; 缴 90% = 13,500.00.
    const result = calculateDisabilityLevy({
      ...base,
      staffCount: 33,
      totalWagesFen: 100_000_000,
      localAverageWageFen: 5_000_000,
    });
    expect(result.averageWageFen).toBe(3_030_303);
    expect(result.grossFen).toBe(1_500_000);
    expect(result.dueFen).toBe(1_350_000);
  });

  it('charges nothing at or above the local ratio and cites 98号 for 2020–2022', () => {
    const result = calculateDisabilityLevy({
      ...base,
      levyYear: 2021,
      staffCount: 100,
      severeDisabledCount: 1,
      totalWagesFen: 1_000_000_000,
      localAverageWageFen: 5_000_000,
    });
    expect(result.grossFen).toBe(0);
    expect(result.dueFen).toBe(0);
    expect(result.basis).toContain('财政部公告2019年第98号');
  });
});

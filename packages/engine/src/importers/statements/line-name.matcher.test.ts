import { describe, expect, it } from 'vitest';
import { isIgnoredLineName, matchLineName, normalizeLineName, statementOfLineName } from './line-name.matcher.js';

const keyOf = (statement: 'balance_sheet' | 'income_statement', raw: string) =>
  matchLineName(statement, normalizeLineName(raw))?.key;

describe('normalizeLineName', () => {
  it('strips numbering, prefixes, notes in brackets and marks', () => {
    expect(normalizeLineName('一、营业收入')).toBe('营业收入');
    expect(normalizeLineName('  减：营业成本')).toBe('营业成本');
    expect(normalizeLineName('（一）持续经营净利润')).toBe('持续经营净利润');
    expect(normalizeLineName('1.销售费用')).toBe('销售费用');
    expect(normalizeLineName('①管理费用')).toBe('管理费用');
    expect(normalizeLineName('★货 币 资 金')).toBe('货币资金');
    expect(normalizeLineName('其中：利息费用（收入以“-”号填列）')).toBe('利息费用');
    expect(normalizeLineName('加：投资收益(损失以"－"号填列)')).toBe('投资收益');
    expect(normalizeLineName('二、营业利润（亏损以“－”号填列）')).toBe('营业利润');
    expect(normalizeLineName('实收资本（或股本）')).toBe('实收资本');
    expect(normalizeLineName('负债和所有者权益（或股东权益）总计')).toBe('负债和所有者权益总计');
    expect(normalizeLineName('流动资产：')).toBe('流动资产');
    expect(normalizeLineName('一年内到期的非流动资产')).toBe('一年内到期的非流动资产');
    expect(normalizeLineName('应收帐款')).toBe('应收账款');
  });
});

describe('matchLineName', () => {
  it('matches catalogue labels and their synonyms', () => {
    expect(keyOf('balance_sheet', '预付款项')).toBe('prepayments');
    expect(keyOf('balance_sheet', '预付账款')).toBe('prepayments');
    expect(keyOf('balance_sheet', '预收款项')).toBe('advancesFromCustomers');
    expect(keyOf('balance_sheet', '固定资产账面价值')).toBe('fixedAssets');
    expect(keyOf('balance_sheet', '减：累计折旧')).toBe('accumulatedDepreciation');
    expect(keyOf('balance_sheet', '股本')).toBe('paidInCapital');
    expect(keyOf('balance_sheet', '应交税金')).toBe('taxesPayable');
    expect(keyOf('balance_sheet', '负债及股东权益总计')).toBe('totalLiabilitiesAndEquity');
    expect(keyOf('balance_sheet', '所有者权益(或股东权益)合计')).toBe('totalEquity');
    expect(keyOf('balance_sheet', '减：库存股')).toBe('treasuryStock');
    expect(keyOf('income_statement', '营业税金及附加')).toBe('taxesAndSurcharges');
    expect(keyOf('income_statement', '一、营业总收入')).toBe('operatingRevenue');
    expect(keyOf('income_statement', '减：所得税')).toBe('incomeTaxExpense');
    expect(keyOf('income_statement', '其中：利息费用（收入以“-”号填列）')).toBe('interestExpenses');
    expect(keyOf('income_statement', '城镇土地使用税、房产税、车船税、印花税')).toBe('propertyRelatedTaxes');
    expect(keyOf('income_statement', '货币资金')).toBeUndefined();
  });

  it('tells statements apart and knows lines it may ignore', () => {
    expect(statementOfLineName('存货')).toBe('balance_sheet');
    expect(statementOfLineName('营业利润')).toBe('income_statement');
    expect(statementOfLineName('未知项目')).toBeNull();
    for (const name of ['流动资产', '优先股', '基本每股收益', '综合收益总额', '单位负责人', '']) {
      expect(isIgnoredLineName(normalizeLineName(name))).toBe(true);
    }
    expect(isIgnoredLineName('咨询服务费')).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import {
  invoiceKindOf,
  invoiceStatusOf,
  itemNameOf,
  positiveFlagOf,
  redOfNumberIn,
  riskLevelOf,
} from './invoice-code.tables.js';

describe('invoiceKindOf (发票票种 → FplxDm)', () => {
  it.each([
    ['数电发票（增值税专用发票）', '81', true],
    ['数电票（增值税专用发票）', '81', true],
    ['电子发票（增值税专用发票）', '81', true],
    ['数电发票(普通发票)', '82', false],
    ['数电票（普通发票）', '82', false],
    ['增值税专用发票', '01', true],
    ['增值税电子专用发票', '08', true],
    ['增值税普通发票', '04', false],
    ['增值税电子普通发票', '10', false],
    ['增值税普通发票（卷式）', '11', false],
    ['数电票（铁路电子客票）', '51', false],
    ['数电纸质发票（增值税专用发票）', '85', true],
    ['机动车销售统一发票', '03', false],
  ])('%s → %s', (text, code, isSpecial) => {
    expect(invoiceKindOf(text)).toEqual({ code, isSpecial });
  });

  it('keeps unknown wordings without a code, still seeing 专用发票', () => {
    expect(invoiceKindOf('某地专用发票')).toEqual({ code: null, isSpecial: true });
    expect(invoiceKindOf(null)).toEqual({ code: null, isSpecial: false });
  });
});

describe('status, sign and risk', () => {
  it.each([
    ['正常', 'normal'],
    ['已作废', 'void'],
    ['已红冲-全额', 'red_full'],
    ['已红冲－部分', 'red_partial'],
    ['全额红冲', 'red_full'],
    ['03', 'red_full'],
    ['失控', 'other'],
  ] as const)('发票状态 %s → %s', (text, status) => {
    expect(invoiceStatusOf(text)).toBe(status);
  });

  it('reads 是否正数发票 and 发票风险等级', () => {
    expect(positiveFlagOf('是')).toBe(true);
    expect(positiveFlagOf('否')).toBe(false);
    expect(positiveFlagOf('N')).toBe(false);
    expect(positiveFlagOf('或许')).toBeNull();
    expect(riskLevelOf('正常')).toBe('normal');
    expect(riskLevelOf('异常凭证')).toBe('abnormal');
    expect(riskLevelOf('疑点发票')).toBe('suspect');
    expect(riskLevelOf(null)).toBeNull();
  });
});

describe('redOfNumberIn (备注 of a red invoice)', () => {
  it.each([
    ['被红冲蓝字数电发票号码：26112000000135114086 红字发票信息确认单编号：26112000000135114999'],
    ['被红冲蓝字数电票号码：26112000000135114086'],
    ['被红冲蓝字数电发票号码:26112000000135114086'],
    ['退货。被红冲蓝字数电票号码: 26112000000135114086；'],
  ])('%s', (remark) => {
    expect(redOfNumberIn(remark)).toBe('26112000000135114086');
  });

  it('reads the old-system wording as 代码:号码 and ignores other remarks', () => {
    expect(redOfNumberIn('对应正数发票代码:3300232130号码:01234567')).toBe('3300232130:01234567');
    expect(redOfNumberIn('项目：示例项目')).toBeNull();
  });

  it('reads every red-remark form of real exports (domain facts §1.5, §1.7)', () => {
    const digital = '24112000000135114086';
    expect(redOfNumberIn(`被红冲蓝字数电票号码：${digital} 红字发票信息确认单编号：24112000000135114000`)).toBe(
      digital,
    );
    expect(redOfNumberIn(`被红冲蓝字数电发票号码:${digital}`)).toBe(digital);
    expect(redOfNumberIn(`被红冲蓝字全电发票号码：${digital}`)).toBe(digital);
    expect(redOfNumberIn('被红冲蓝字发票号码：12345678 被红冲蓝字发票代码：011002100111')).toBe(
      '011002100111:12345678',
    );
    expect(redOfNumberIn('被红冲蓝字发票代码：3300232130 被红冲蓝字发票号码：01234567')).toBe('3300232130:01234567');
    expect(redOfNumberIn(`被红冲蓝字发票号码：${digital}`)).toBe(digital);
    expect(redOfNumberIn('原发票代码：011002100111 原发票号码：12345678')).toBe('011002100111:12345678');
    expect(redOfNumberIn('被红冲蓝字发票号码：12345678')).toBeNull();
    expect(redOfNumberIn(null)).toBeNull();
  });
});

describe('itemNameOf', () => {
  it('splits *大类*品名', () => {
    expect(itemNameOf('*信息技术服务*软件维护服务费')).toEqual({
      category: '信息技术服务',
      itemName: '软件维护服务费',
    });
    expect(itemNameOf('＊纸制品＊复印纸')).toEqual({ category: '纸制品', itemName: '复印纸' });
    expect(itemNameOf('*运输服务*国内*货物运输')).toEqual({ category: '运输服务', itemName: '货物运输' });
    expect(itemNameOf('咨询费')).toEqual({ category: null, itemName: '咨询费' });
  });
});

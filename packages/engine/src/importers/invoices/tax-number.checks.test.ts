import { describe, expect, it } from 'vitest';
import { maskIdNumber, maskName } from './special-sheet.fields.js';
import { taxNoProblemOf } from './tax-number.checks.js';

describe('taxNoProblemOf (counterparty 纳税人识别号, domain facts §7)', () => {
  it('passes valid USCCs, old 15-character numbers, ID cards, household IDs and empty numbers', () => {
    for (const taxNo of [
      '91110108769914581E',
      '915301115551499841',
      '91330681MA7F19UC27',
      '310115769914581',
      '11010519491231002X',
      '11010519491231002X01',
      // 17 characters: the older 税务登记号 of some individual businesses (region + 11 more).
      '11010576991458101',
      '',
      '000000000000000',
    ]) {
      expect([taxNo, taxNoProblemOf(taxNo)]).toEqual([taxNo, null]);
    }
  });

  it('names what is wrong: check character, region, letter O, ID check digit, length', () => {
    expect(taxNoProblemOf('91110108769914581F')).toBe('统一社会信用代码校验位不正确（应为 E）');
    expect(taxNoProblemOf('91990108769914581E')).toBe('统一社会信用代码的行政区划码「990108」不存在');
    expect(taxNoProblemOf('91330681MA7F19UC2O')).toMatch(/^含统一社会信用代码不使用的字母/);
    expect(taxNoProblemOf('110105194912310021')).toBe('身份证号码校验位不正确');
    expect(taxNoProblemOf('99010576991458101')).toBe('纳税人识别号的行政区划码「990105」不存在');
    expect(taxNoProblemOf('9111010876991')).toBe('长度为 13 位，纳税人识别号应为15、17、18或20位');
    expect(taxNoProblemOf('990115769914581')).toBe('纳税人识别号的行政区划码「990115」不存在');
    expect(taxNoProblemOf('91110-08769914581')).toBe('含有数字和大写字母以外的字符');
  });

  it('keeps the known pilot codes that fail the checksum as a warning only (a reason, not a refusal)', () => {
    expect(taxNoProblemOf('91350100M0001TGQXM')).toMatch(/校验位不正确/);
  });
});

describe('masking of personal data on special-business sheets', () => {
  it('keeps the family name and the region and last four of an ID number', () => {
    expect(maskName('李四')).toBe('李*');
    expect(maskName('欧阳娜娜')).toBe('欧***');
    expect(maskIdNumber('110105194912310021')).toBe('1101**********0021');
  });
});

/**
 * Invoice kinds and number structure (domain facts §1.3, §2.1–2.3, §2.7): the type code a
 * 发票代码 classifies to (the verification site's own rule), the checks on a 20-digit 数电 number,
 * and the fourth element verification asks for per kind.
 */
import { REGIONS } from '@taxlens/shared';

export const KIND_NAMES: Record<string, string> = {
  '01': '增值税专用发票',
  '02': '货物运输业增值税专用发票',
  '03': '机动车销售统一发票',
  '04': '增值税普通发票',
  '08': '增值税电子专用发票',
  '10': '增值税电子普通发票',
  '11': '增值税普通发票（卷式）',
  '14': '增值税电子普通发票（通行费）',
  '15': '二手车销售统一发票',
  '51': '电子发票（铁路电子客票）',
  '61': '电子发票（航空运输电子客票行程单）',
  '81': '电子发票（增值税专用发票）',
  '82': '电子发票（普通发票）',
  '85': '数电纸质发票（增值税专用发票）',
  '86': '数电纸质发票（普通发票）',
  '87': '数电纸质发票（机动车销售统一发票）',
  '88': '数电纸质发票（二手车销售统一发票）',
};

/** 数电 kinds whose number is the 20-digit 数电发票号码 and have no 发票代码. */
export const DIGITAL_KINDS = new Set(['51', '61', '81', '82']);

/** QR type codes of 数电 invoices (31/32) name the same kinds as the tax bureau's 81/82. */
export function kindFromQrType(type: string): string {
  if (type === '31') return '81';
  if (type === '32') return '82';
  return type;
}

const LEGACY_E_INVOICE_CODES = new Set(['144031539110', '131001570151', '133011501118', '111001571071']);

/** Type code a 发票代码 classifies to (domain facts §2.2, §2.3), '99' when it is not checkable. */
export function kindOfCode(code: string): string {
  if (/^\d{12}$/.test(code)) {
    if (LEGACY_E_INVOICE_CODES.has(code)) return '10';
    if (code[0] === '0') {
      const tail = code.slice(10, 12);
      if (tail === '11') return '10';
      if (tail === '04' || tail === '05') return '04';
      if (tail === '06' || tail === '07') return '11';
      if (tail === '12') return '14';
      if (tail === '13') return '08';
      if (tail === '17') return '15';
      return '99';
    }
    return code[7] === '2' ? '03' : '99';
  }
  if (/^\d{10}$/.test(code)) {
    const digit = code[7];
    if (digit === '1' || digit === '5') return '01';
    if (digit === '3' || digit === '6') return '04';
    if (digit === '2' || digit === '7') return '02';
    return '99';
  }
  return '99';
}

const PROVINCES = new Set(REGIONS.map((region) => region.code.slice(0, 2)));

export interface NumberCheck {
  ok: boolean;
  /** The kind the code or the number says, when it says one. */
  kindCode: string | null;
  reason: string;
}

/** Structure of code + number: which kind they make, and why not when they make none. */
export function checkNumberStructure(code: string | null, number: string, today: string): NumberCheck {
  if (!code) {
    if (!/^\d{20}$/.test(number)) {
      return { ok: false, kindCode: null, reason: '无发票代码时发票号码应为20位数电发票号码' };
    }
    const year = Number(number.slice(0, 2));
    const thisYear = Number(today.slice(2, 4));
    // 数电 invoices exist since the December 2021 pilot.
    if (year < 21 || year > thisYear) {
      return { ok: false, kindCode: null, reason: `号码前两位（年份${number.slice(0, 2)}）不在数电发票的年份范围内` };
    }
    if (!PROVINCES.has(number.slice(2, 4))) {
      return { ok: false, kindCode: null, reason: `号码第3-4位（${number.slice(2, 4)}）不是省级税务机关代码` };
    }
    return { ok: true, kindCode: null, reason: '20位数电发票号码：年份与省级税务机关代码有效' };
  }
  if (!/^\d{8}$/.test(number)) {
    return { ok: false, kindCode: null, reason: '有发票代码时发票号码应为8位数字' };
  }
  const kind = kindOfCode(code);
  if (kind === '99') {
    return { ok: false, kindCode: null, reason: `发票代码 ${code} 不属于可查验的发票种类` };
  }
  return { ok: true, kindCode: kind, reason: `发票代码对应${KIND_NAMES[kind] ?? kind}` };
}

export type FourthElement = 'amount' | 'checkCode' | 'total' | 'carPrice' | 'numberTail';

/** The fourth verification element of a kind (domain facts §2.7). */
export function fourthElementOf(kindCode: string | null): FourthElement {
  if (kindCode === null) return 'total';
  if (['01', '02', '03', '08', '85', '87'].includes(kindCode)) return 'amount';
  if (['04', '10', '11', '14'].includes(kindCode)) return 'checkCode';
  if (['15', '88'].includes(kindCode)) return 'carPrice';
  if (kindCode === '86') return 'numberTail';
  return 'total';
}

export const FOURTH_ELEMENT_NAMES: Record<FourthElement, string> = {
  amount: '不含税金额',
  checkCode: '校验码后6位',
  total: '价税合计',
  carPrice: '车价合计',
  numberTail: '数电票号码后6位',
};

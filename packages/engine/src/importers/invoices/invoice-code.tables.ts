/**
 * Value tables of the export (domain facts §1.3, §1.5): 发票票种 → type code, 发票状态,
 * 是否正数发票, 发票风险等级, the blue number in a red invoice's 备注, and `*大类*品名`.
 */
import type { InvoiceRiskLevel, InvoiceStatus } from '../../model/invoice.js';

/** 发票票种 text (normalised) → FplxDm. 数电票（…）, 数电发票（…） and 电子发票（…） are one family. */
const KIND_CODES: Record<string, string> = {
  增值税专用发票: '01',
  货运运输业增值税专用发票: '02',
  机动车销售统一发票: '03',
  增值税普通发票: '04',
  增值税电子专用发票: '08',
  增值税电子普通发票: '10',
  '增值税普通发票(卷式)': '11',
  '增值税普通发票(卷票)': '11',
  道路通行费电子普通发票: '14',
  '增值税电子普通发票(通行费)': '14',
  二手车销售统一发票: '15',
  '数电票(铁路电子客票)': '51',
  '数电票(航空运输电子客票行程单)': '61',
  '数电票(增值税专用发票)': '81',
  '数电票(普通发票)': '82',
  '数电票(机动车销售统一发票)': '83',
  '数电票(二手车销售统一发票)': '84',
  '数电纸质发票(增值税专用发票)': '85',
  '数电纸质发票(普通发票)': '86',
  '数电纸质发票(机动车销售统一发票)': '87',
  '数电纸质发票(二手车销售统一发票)': '88',
};

/** Type codes of 专用发票 (input VAT deductible on the face). */
const SPECIAL_KIND_CODES = new Set(['01', '02', '08', '81', '85']);

function normalizeKindText(text: string): string {
  return text
    .replace(/[\s\u3000]+/g, '')
    .replace(/（/g, '(')
    .replace(/）/g, ')')
    .replace(/^(?:数电发票|全电发票|全电票|电子发票)\(/, '数电票(');
}

export interface InvoiceKind {
  code: string | null;
  isSpecial: boolean;
}

/**
 * The export repeats a handful of values on every row: remember each answer (bounded, in case a
 * column holds free text).
 */
function memoized<T>(compute: (text: string) => T): (text: string) => T {
  const answers = new Map<string, T>();
  return (text) => {
    const known = answers.get(text);
    if (known !== undefined) return known;
    const answer = compute(text);
    if (answers.size < 1000) answers.set(text, answer);
    return answer;
  };
}

const kindOfText = memoized((text): InvoiceKind => {
  const normalized = normalizeKindText(text);
  const code = /^\d{2}$/.test(normalized) ? normalized : (KIND_CODES[normalized] ?? null);
  // An unknown wording that still says 专用发票 is deductible all the same.
  const isSpecial = code !== null ? SPECIAL_KIND_CODES.has(code) : /专用发票/.test(normalized);
  return { code, isSpecial };
});

export function invoiceKindOf(text: string | null): InvoiceKind {
  return text === null ? { code: null, isSpecial: false } : kindOfText(text);
}

const statusOfText = memoized((text): InvoiceStatus => {
  const value = text.replace(/[\s\-－—_]/g, '');
  if (value === '正常' || value === '01' || value === '0') return 'normal';
  if (value.includes('作废') || value === '02') return 'void';
  if (value.includes('红冲') && value.includes('部分')) return 'red_partial';
  if ((value.includes('红冲') && (value.includes('全额') || value.includes('全部'))) || value === '03') {
    return 'red_full';
  }
  if (value === '04') return 'red_partial';
  return 'other';
});

export function invoiceStatusOf(text: string | null): InvoiceStatus {
  return text === null ? 'normal' : statusOfText(text);
}

const POSITIVE_WORDS = new Set(['是', 'Y', 'YES', '1', 'TRUE', '正数', '蓝字', '正数发票', '蓝字发票']);
const NEGATIVE_WORDS = new Set(['否', 'N', 'NO', '0', 'FALSE', '负数', '红字', '负数发票', '红字发票']);

/** 是否正数发票 → true (blue), false (red), null when the cell says neither. */
export function positiveFlagOf(text: string | null): boolean | null {
  if (text === null) return null;
  const value = text.trim().toUpperCase();
  if (POSITIVE_WORDS.has(value)) return true;
  if (NEGATIVE_WORDS.has(value)) return false;
  return null;
}

const riskOfText = memoized((text): InvoiceRiskLevel | null => {
  const value = text.trim();
  if (value === '正常' || value === '01') return 'normal';
  if (value.includes('异常') || value === '02') return 'abnormal';
  if (value.includes('疑点') || value === '03') return 'suspect';
  return null;
});

export function riskLevelOf(text: string | null): InvoiceRiskLevel | null {
  return text === null ? null : riskOfText(text);
}

// 被红冲蓝字数电发票号码：… and the older 被红冲蓝字数电票号码：… (全电 in early exports), either colon.
const RED_OF_DIGITAL = /被红冲蓝字(?:数电|全电)(?:发)?票号码\s*[:：]?\s*(\d{20})/;
// A 数电 red flushing an old-system blue names its number and code apart, in either order:
// 被红冲蓝字发票号码：12345678 被红冲蓝字发票代码：011002100111 (a 20-digit 号码 is a 数电 blue).
const RED_OF_NUMBER = /被红冲蓝字发票号码\s*[:：]?\s*(\d{20}|\d{8})(?!\d)/;
const RED_OF_CODE = /被红冲蓝字发票代码\s*[:：]?\s*(\d{12}|\d{10})(?!\d)/;
// Old-system red invoices: 对应正数发票代码:012001900111号码:12345678 (also 原发票代码 … 原发票号码 …).
const RED_OF_OLD =
  /(?:对应正数|原|蓝字)发票代码\s*[:：]?\s*(\d{12}|\d{10})\s*[,，;；\s]*(?:原|蓝字)?(?:发票)?号码\s*[:：]?\s*(\d{8})(?!\d)/;

/** The blue invoice a red invoice's 备注 names, as an invoice key (20 digits or 代码:号码). */
export function redOfNumberIn(remark: string | null): string | null {
  if (remark === null) return null;
  const digital = RED_OF_DIGITAL.exec(remark);
  if (digital) return digital[1] ?? null;
  const number = RED_OF_NUMBER.exec(remark)?.[1];
  if (number !== undefined && number.length === 20) return number;
  const code = RED_OF_CODE.exec(remark)?.[1];
  if (number !== undefined && code !== undefined) return `${code}:${number}`;
  const old = RED_OF_OLD.exec(remark);
  return old ? `${old[1]}:${old[2]}` : null;
}

export interface ItemName {
  category: string | null;
  itemName: string;
}

/** `*信息技术服务*软件维护服务费` → category 信息技术服务, item 软件维护服务费. */
export function itemNameOf(text: string): ItemName {
  const value = text.replace(/＊/g, '*').trim();
  const match = /^\*([^*]+)\*(.*)$/.exec(value);
  if (!match) return { category: null, itemName: value };
  const rest = match[2] ?? '';
  const lastStar = rest.lastIndexOf('*');
  return { category: (match[1] ?? '').trim() || null, itemName: rest.slice(lastStar + 1).trim() };
}

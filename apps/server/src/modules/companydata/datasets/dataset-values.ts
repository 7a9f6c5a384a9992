/**
 * Cell text of a dataset file → typed values. Money goes through decimal text to integer fen, never
 * through a float. Each parser returns the value, or a Chinese reason for the row error report.
 */
import type { CellInput } from '@taxlens/engine';
import { checkCreditCode } from '@taxlens/shared';

export type Parsed<T> = { ok: true; value: T } | { ok: false; reason: string };
const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });
const fail = <T>(reason: string): Parsed<T> => ({ ok: false, reason });

const pad = (value: number) => String(value).padStart(2, '0');

/** Any cell as trimmed text; Excel dates become 'YYYY-MM-DD' (exceljs gives them at UTC midnight). */
export function cellText(cell: CellInput | undefined): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) {
    return `${cell.getUTCFullYear()}-${pad(cell.getUTCMonth() + 1)}-${pad(cell.getUTCDate())}`;
  }
  return String(cell)
    .replace(/^="(.*)"$/, '$1')
    .replace(/^'/, '')
    .replace(/[\u00a0\u3000]/g, ' ')
    .trim();
}

const TAX_ID_PATTERN = /^[0-9A-Z]{15}$|^[0-9A-Z]{17,18}$|^[0-9A-Z]{20}$/;

/** 统一社会信用代码 or an older 纳税人识别号 (15/17/18/20); pilot codes failing the checksum pass. */
export function parseCreditCode(text: string): Parsed<string> {
  const code = text.replace(/\s+/g, '').toUpperCase();
  if (!TAX_ID_PATTERN.test(code)) return fail('统一社会信用代码（纳税人识别号）应为15、17、18或20位数字或字母');
  if (code.length === 18 && checkCreditCode(code) === 'malformed' && !/^\d{17}[0-9X]$/.test(code)) {
    return fail('统一社会信用代码格式不正确');
  }
  return ok(code);
}

/** 'YYYY-MM-DD', 'YYYY/M/D', 'YYYY.M.D', 'YYYY年M月D日', 'YYYYMMDD', or an Excel serial day number. */
export function parseDate(text: string): Parsed<string | null> {
  if (text === '') return ok(null);
  let match: readonly (string | undefined)[] | null =
    /^(\d{4})[-/.年](\d{1,2})[-/.月](\d{1,2})日?(?:[ T].*)?$/.exec(text) ?? /^(\d{4})(\d{2})(\d{2})$/.exec(text);
  if (!match && /^\d{5}(\.\d+)?$/.test(text)) {
    // An Excel serial day number (days since 1899-12-30).
    const date = new Date(Date.UTC(1899, 11, 30) + Math.floor(Number(text)) * 86_400_000);
    match = ['', String(date.getUTCFullYear()), String(date.getUTCMonth() + 1), String(date.getUTCDate())];
  }
  if (!match) return fail(`日期“${text}”无法识别，请写成 2024-01-31`);
  const [year, month, dayOfMonth] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, dayOfMonth));
  if (year < 1900 || year > 2100 || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== dayOfMonth) {
    return fail(`日期“${text}”不存在`);
  }
  return ok(`${year}-${pad(month)}-${pad(dayOfMonth)}`);
}

/** A decimal amount in `unitFen` fen per unit (100 for 元, 1 000 000 for 万元); '500万元人民币' reads 500. */
export function parseAmount(text: string, unitFen: 100 | 1_000_000): Parsed<number | null> {
  if (text === '') return ok(null);
  const match = /^(\d+)(?:\.(\d+))?/.exec(text.replace(/[,，\s]/g, ''));
  if (!match) return fail(`金额“${text}”不是数字`);
  const decimals = unitFen === 100 ? 2 : 6;
  const fraction = match[2] ?? '';
  if (fraction.replace(/0+$/, '').length > decimals) return fail(`金额“${text}”小数位过多`);
  const fen =
    BigInt(match[1] as string) * BigInt(unitFen) + BigInt(fraction.padEnd(decimals, '0').slice(0, decimals) || '0');
  if (fen > BigInt(Number.MAX_SAFE_INTEGER)) return fail(`金额“${text}”过大`);
  return ok(Number(fen));
}

/** '51.5%' or '51.5' → 5150 basis points; 0–100%. */
export function parsePercent(text: string): Parsed<number | null> {
  if (text === '') return ok(null);
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?%?$/.exec(text.replace(/\s+/g, ''));
  if (!match) return fail(`比例“${text}”应为百分数，如 51.5%`);
  const bp = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  if (bp > 10_000) return fail(`比例“${text}”超过100%`);
  return ok(bp);
}

export type RegistrationState = 'normal' | 'deregistered' | 'revoked' | 'moved' | 'unknown';

/** 登记状态 as published (存续、在业、注销、吊销、迁出 …) to the state the rules use. */
export function registrationOf(statusText: string): RegistrationState {
  if (statusText.includes('注销')) return 'deregistered';
  if (statusText.includes('吊销')) return 'revoked';
  if (statusText.includes('迁出')) return 'moved';
  if (/存续|在业|开业|在营|正常|登记成立/.test(statusText)) return 'normal';
  return 'unknown';
}

export function parseTaxpayerType(text: string): Parsed<'general' | 'small_scale' | null> {
  if (text === '') return ok(null);
  if (text.includes('一般纳税人')) return ok('general');
  if (text.includes('小规模')) return ok('small_scale');
  return fail(`纳税人资格“${text}”应为一般纳税人或小规模纳税人`);
}

export function parseRegionCode(text: string): Parsed<string | null> {
  if (text === '') return ok(null);
  return /^\d{6}$/.test(text) ? ok(text) : fail(`行政区划代码“${text}”应为6位数字（GB/T 2260）`);
}

export function parseYear(text: string): Parsed<number> {
  const match = /^(\d{4})(年度?)?$/.exec(text);
  const year = match ? Number(match[1]) : Number.NaN;
  return year >= 2014 && year <= 2100 ? ok(year) : fail(`评价年度“${text}”应为2014年以后的四位年份`);
}

export function parseLevel(text: string): Parsed<'A' | 'B' | 'M' | 'C' | 'D'> {
  const level = (text.replace(/级$/, '') || 'A').toUpperCase();
  return level === 'A' || level === 'B' || level === 'M' || level === 'C' || level === 'D'
    ? ok(level)
    : fail(`纳税信用级别“${text}”应为A、B、M、C或D`);
}

/** A region code implied by an 18-character USCC (positions 3–8, the registering authority's division). */
export function regionOfCode(code: string): string | null {
  const region = code.length === 18 ? code.slice(2, 8) : code.length === 15 ? code.slice(0, 6) : '';
  return /^[1-8]\d{5}$/.test(region) ? region : null;
}

/** The name in '张三，男，居民身份证，1101…' (published person columns carry more than the name). */
export function personNameOf(text: string): string | null {
  const name = text.split(/[，,、;；\s]/)[0]?.trim() ?? '';
  return name === '' ? null : name.slice(0, 60);
}

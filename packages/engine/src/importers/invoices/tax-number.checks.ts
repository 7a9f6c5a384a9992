/**
 * Plausibility of a counterparty's 纳税人识别号 as the export writes it (domain facts §7): an
 * 18-character 统一社会信用代码 (check character, region code), an older 15-character number
 * (region + 组织机构代码), or an individual's ID-card number, alone (18) or with a 2-digit
 * household suffix (20) or as 15 digits + 00000 (20). Real exports carry mistyped numbers (a
 * letter O for a zero, impossible regions) and legal pilot codes that fail the checksum, so a
 * failed check is a warning for the import summary, never a refusal.
 */

const USCC_CHARSET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const USCC_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
const ORG_WEIGHTS = [3, 7, 9, 10, 5, 8, 4, 2];
const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK = '10X98765432';

/** First two digits of GB/T 2260 province-level codes. */
// biome-ignore format: a table reads better on few lines
const PROVINCES = new Set([
  '11', '12', '13', '14', '15', '21', '22', '23', '31', '32', '33', '34', '35', '36', '37',
  '41', '42', '43', '44', '45', '46', '50', '51', '52', '53', '54', '61', '62', '63', '64', '65',
  '71', '81', '82',
]);

function regionOk(region: string): boolean {
  return /^\d{6}$/.test(region) && PROVINCES.has(region.slice(0, 2));
}

function usccCheckChar(first17: string): string | null {
  let sum = 0;
  for (let index = 0; index < 17; index += 1) {
    const value = USCC_CHARSET.indexOf(first17[index] ?? '');
    if (value < 0) return null;
    sum += value * (USCC_WEIGHTS[index] ?? 0);
  }
  const check = 31 - (sum % 31);
  return USCC_CHARSET[check === 31 ? 0 : check] ?? null;
}

function orgValue(char: string): number {
  return /\d/.test(char) ? Number(char) : char.charCodeAt(0) - 55;
}

function orgCodeOk(code: string): boolean {
  if (!/^[0-9A-Z]{8}[0-9X]$/.test(code)) return false;
  let sum = 0;
  for (let index = 0; index < 8; index += 1) sum += orgValue(code[index] ?? '0') * (ORG_WEIGHTS[index] ?? 0);
  const check = 11 - (sum % 11);
  return code[8] === (check === 11 ? '0' : check === 10 ? 'X' : String(check));
}

/** 18-digit resident ID: region, a real birth date, sequence, ISO 7064 MOD 11-2 check. */
function idCardOk(id: string): boolean {
  if (!/^\d{17}[\dX]$/.test(id) || !regionOk(id.slice(0, 6))) return false;
  const year = Number(id.slice(6, 10));
  const month = Number(id.slice(10, 12));
  const day = Number(id.slice(12, 14));
  const date = new Date(Date.UTC(year, month - 1, day));
  if (year < 1900 || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return false;
  let sum = 0;
  for (let index = 0; index < 17; index += 1) sum += Number(id[index]) * (ID_WEIGHTS[index] ?? 0);
  return id[17] === ID_CHECK[sum % 11];
}

function looksLikeIdCard(id: string): boolean {
  return /^\d{17}[\dX]$/.test(id) && /^(19|20)\d{2}(0[1-9]|1[0-2])/.test(id.slice(6, 12));
}

function checkEighteen(taxNo: string): string | null {
  if (looksLikeIdCard(taxNo) && idCardOk(taxNo)) return null;
  if (/^[0-9A-Z]{18}$/.test(taxNo) && /[IOSVZ]/.test(taxNo)) {
    return '含统一社会信用代码不使用的字母（I、O、S、V、Z），可能把数字 0 误录为字母 O';
  }
  const check = usccCheckChar(taxNo.slice(0, 17));
  if (check === null) return '不是有效的统一社会信用代码';
  if (looksLikeIdCard(taxNo) && check !== taxNo[17]) return '身份证号码校验位不正确';
  if (!regionOk(taxNo.slice(2, 8))) return `统一社会信用代码的行政区划码「${taxNo.slice(2, 8)}」不存在`;
  if (check !== taxNo[17]) return `统一社会信用代码校验位不正确（应为 ${check}）`;
  return null;
}

function checkFifteen(taxNo: string): string | null {
  if (/^\d{15}$/.test(taxNo) && regionOk(taxNo.slice(0, 6)) && /^\d{6}(0[1-9]|1[0-2])/.test(taxNo.slice(6, 10))) {
    return null; // a 15-digit old ID-card number (individual)
  }
  if (!regionOk(taxNo.slice(0, 6))) return `纳税人识别号的行政区划码「${taxNo.slice(0, 6)}」不存在`;
  if (!orgCodeOk(taxNo.slice(6))) return '纳税人识别号中的组织机构代码校验位不正确';
  return null;
}

function checkTwenty(taxNo: string): string | null {
  if (idCardOk(taxNo.slice(0, 18)) && /^\d{2}$/.test(taxNo.slice(18))) return null;
  if (/^\d{15}0{5}$/.test(taxNo) && regionOk(taxNo.slice(0, 6))) return null;
  return '20位纳税人识别号应为身份证号码加2位顺序号，身份证号码部分不正确';
}

/** Why a tax number looks wrong, or null when it passes (or is empty: individuals, public bodies). */
export function taxNoProblemOf(taxNo: string): string | null {
  if (taxNo === '' || /^0+$/.test(taxNo)) return null;
  if (!/^[0-9A-Z]+$/.test(taxNo)) return '含有数字和大写字母以外的字符';
  switch (taxNo.length) {
    case 18:
      return checkEighteen(taxNo);
    case 15:
      return checkFifteen(taxNo);
    case 20:
      return checkTwenty(taxNo);
    case 17:
      return regionOk(taxNo.slice(0, 6)) ? null : `纳税人识别号的行政区划码「${taxNo.slice(0, 6)}」不存在`;
    default:
      return `长度为 ${taxNo.length} 位，纳税人识别号应为15、17、18或20位`;
  }
}

const answers = new Map<string, string | null>();

/** Memoised: a counterparty appears on many rows. */
export function cachedTaxNoProblem(taxNo: string): string | null {
  const known = answers.get(taxNo);
  if (known !== undefined) return known;
  const answer = taxNoProblemOf(taxNo);
  if (answers.size < 50_000) answers.set(taxNo, answer);
  return answer;
}

/** Display filters of spec §5, shared by every screen and export. */

export function maskPhone(phone: string | null | undefined): string {
  if (!phone || !/^\d{11}$/.test(phone)) return '-';
  return `${phone.slice(0, 3)}****${phone.slice(7)}`;
}

export function maskCompanyName(name: string | null | undefined): string {
  if (!name) return '-';
  const chars = Array.from(name);
  if (chars.length <= 4) return name;
  return `${chars.slice(0, 2).join('')}${'*'.repeat(chars.length - 4)}${chars.slice(-2).join('')}`;
}

/** A tax number with only its first and last four characters shown: 9144******4843. */
export function maskTaxNo(taxNo: string | null | undefined): string {
  if (!taxNo) return '-';
  if (taxNo.length <= 8) return taxNo;
  return `${taxNo.slice(0, 4)}${'*'.repeat(taxNo.length - 8)}${taxNo.slice(-4)}`;
}

export const HIDDEN_BALANCE = '******';

/** Integer fen to a yuan string with thousands separators: 123456 → "1,234.56". */
export function formatFen(fen: number | bigint | null | undefined): string {
  if (fen === null || fen === undefined) return '-';
  const value = BigInt(fen);
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const yuan = (abs / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const cents = (abs % 100n).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${yuan}.${cents}`;
}

/** A yuan amount typed by a person ("12.3", "1,000") to integer fen, or null when it is not money. */
export function parseYuanToFen(text: string): number | null {
  const cleaned = text.replace(/[,，\s]/g, '');
  const match = /^(-)?(\d+)(?:\.(\d{1,2}))?$/.exec(cleaned);
  if (!match) return null;
  const fen = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  if (!Number.isSafeInteger(fen)) return null;
  return match[1] ? -fen : fen;
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** Formats an ISO instant in the business zone (Asia/Shanghai, UTC+8, no DST); empty → '-'. */
export function formatDateTime(iso: string | null | undefined, withTime = true): string {
  if (!iso) return '-';
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return '-';
  const local = new Date(instant.getTime() + 8 * 3600_000);
  const date = `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}`;
  if (!withTime) return date;
  return `${date} ${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}`;
}

export function formatDate(iso: string | null | undefined): string {
  return formatDateTime(iso, false);
}

/** Badge text for unread counts: 99+ above 99 (spec §2). */
export function formatUnread(count: number): string {
  return count > 99 ? '99+' : String(count);
}

/**
 * 开票日期 → Asia/Shanghai wall-clock text 'YYYY-MM-DD HH:mm:ss'. The export writes text; files
 * touched by Excel carry date cells (exceljs gives a Date whose UTC fields are the wall clock) or
 * bare serial numbers.
 */
import { type CellInput, cleanText, type Parsed } from './cell-value.parser.js';

export interface IssuedAt {
  text: string;
  hasTime: boolean;
}

const MIN_YEAR = 1990;
const MAX_YEAR = 2100;
const MS_PER_DAY = 86_400_000;
/** Excel serial 0 is 1899-12-30 once the 1900 leap-year bug is accounted for (serials > 60). */
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);

const two = (value: number): string => String(value).padStart(2, '0');

function wallClock(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  second: number,
  hasTime: boolean,
): Parsed<IssuedAt> {
  const probe = new Date(Date.UTC(year, month - 1, day));
  const validDay = probe.getUTCFullYear() === year && probe.getUTCMonth() === month - 1 && probe.getUTCDate() === day;
  if (!validDay || hour > 23 || minute > 59 || second > 59) return { ok: false, reason: '日期不存在' };
  if (year < MIN_YEAR || year > MAX_YEAR) return { ok: false, reason: `日期年份超出范围（${year}年）` };
  const text = `${year}-${two(month)}-${two(day)} ${two(hour)}:${two(minute)}:${two(second)}`;
  return { ok: true, value: { text, hasTime } };
}

/** A Date whose UTC fields are the wall clock, rounded to the second (serials carry float noise). */
function fromUtcMillis(ms: number): Parsed<IssuedAt> {
  const date = new Date(Math.round(ms / 1000) * 1000);
  const hasTime = date.getUTCHours() + date.getUTCMinutes() + date.getUTCSeconds() > 0;
  return wallClock(
    date.getUTCFullYear(),
    date.getUTCMonth() + 1,
    date.getUTCDate(),
    date.getUTCHours(),
    date.getUTCMinutes(),
    date.getUTCSeconds(),
    hasTime,
  );
}

/** Excel serial day number (46217.72 = 2026-07-14 17:16:48). */
export function fromExcelSerial(serial: number): Parsed<IssuedAt> {
  if (!Number.isFinite(serial) || serial <= 60) return { ok: false, reason: '无法识别的日期' };
  return fromUtcMillis(EXCEL_EPOCH_MS + serial * MS_PER_DAY);
}

// 2026-07-14 17:22:15, 2026/7/14 17:22, 2026.07.14, 2026年7月14日, 2026-07-14T17:22:15
const DATE_TEXT =
  /^(\d{4})\s*[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})\s*日?(?:(?:\s+|T)(\d{1,2})[:：](\d{1,2})(?:[:：](\d{1,2})(?:\.\d+)?)?)?$/;
const COMPACT_DATE = /^(\d{4})(\d{2})(\d{2})(?:\s*(\d{2}):?(\d{2}):?(\d{2}))?$/;

/** The last text read and what it gave: the rows of one invoice follow each other and share their date. */
let lastText: string | null = null;
let lastIssued: Parsed<IssuedAt> = { ok: false, reason: '' };

export function issuedAtOf(cell: CellInput): Parsed<IssuedAt> {
  if (typeof cell === 'string') {
    if (cell === lastText) return lastIssued;
    const issued = issuedAtOfCell(cell);
    lastText = cell;
    lastIssued = issued;
    return issued;
  }
  return issuedAtOfCell(cell);
}

function issuedAtOfCell(cell: CellInput): Parsed<IssuedAt> {
  if (cell === null) return { ok: false, reason: '开票日期为空' };
  if (cell instanceof Date) {
    return Number.isNaN(cell.getTime()) ? { ok: false, reason: '无法识别的日期' } : fromUtcMillis(cell.getTime());
  }
  if (typeof cell === 'number') return fromExcelSerial(cell);
  if (typeof cell === 'boolean') return { ok: false, reason: '无法识别的日期' };
  const text = cleanText(cell);
  if (text === null) return { ok: false, reason: '开票日期为空' };
  const match = DATE_TEXT.exec(text) ?? COMPACT_DATE.exec(text);
  if (!match) return { ok: false, reason: `无法识别的日期「${text}」` };
  const [, year, month, day, hour, minute, second] = match;
  const result = wallClock(
    Number(year),
    Number(month),
    Number(day),
    Number(hour ?? 0),
    Number(minute ?? 0),
    Number(second ?? 0),
    hour !== undefined,
  );
  return result.ok ? result : { ok: false, reason: `${result.reason}「${text}」` };
}

/**
 * The attribute columns of a special-business sheet (建筑服务发生地, 产权证书/不动产权证号, 出行车次 …)
 * → labelled values. Personal data of travellers (旅客姓名, 有效身份证号 and their variants) is
 * masked here, before it leaves the engine, so it is never stored in the clear (PIPL: the firm
 * needs to see that a ticket is personal, not whose it is).
 */
import type { InvoiceDetailField } from '../../model/invoice.js';
import { type CellInput, textOf } from './cell-value.parser.js';
import type { ExtraColumn } from './header.detector.js';

const PERSON_NAME = /姓名|出行人|乘车人|乘客|旅客(?!运输)|承运人员/;
const PERSON_ID = /身份证|证件号/;

/** 张三 → 张*, 欧阳娜娜 → 欧***: the family name stays, enough to tell tickets apart. */
export function maskName(name: string): string {
  const chars = [...name];
  return chars.length <= 1 ? '*' : `${chars[0]}${'*'.repeat(chars.length - 1)}`;
}

/** 110105199001011234 → 1101**********1234: region and last four, no birth date. */
export function maskIdNumber(id: string): string {
  const chars = [...id.replace(/\s+/g, '')];
  if (chars.length <= 8) return '*'.repeat(chars.length);
  return `${chars.slice(0, 4).join('')}${'*'.repeat(chars.length - 8)}${chars.slice(-4).join('')}`;
}

/** Whether a column of a special sheet holds personal data (for the decisions log and tests). */
export function isPersonalColumn(label: string): boolean {
  return PERSON_NAME.test(label) || PERSON_ID.test(label);
}

function fieldValue(label: string, cell: CellInput): string | null {
  // A date cell shows its day only when it has no time of day.
  const text = cell instanceof Date ? (textOf(cell)?.replace(/ 00:00:00$/, '') ?? null) : textOf(cell);
  if (text === null || /^[-－—/]+$/.test(text)) return null;
  if (PERSON_ID.test(label)) return maskIdNumber(text);
  if (PERSON_NAME.test(label)) return maskName(text);
  return text;
}

export function detailFieldsOf(extras: readonly ExtraColumn[], cells: readonly CellInput[]): InvoiceDetailField[] {
  const fields: InvoiceDetailField[] = [];
  for (const extra of extras) {
    const value = fieldValue(extra.label, cells[extra.position] ?? null);
    if (value !== null) fields.push({ label: extra.label, value });
  }
  return fields;
}

/**
 * One row of a dataset file → the values of its table's staging columns, or the reasons it is bad.
 * Which columns a list has, and where each goes, is the shared catalogue (DATA_LISTS).
 */
import type { CellInput } from '@taxlens/engine';
import type { DataList, ListColumn } from '@taxlens/shared';
import { nameInitials, searchGrams } from '../search-terms.js';
import {
  cellText,
  type Parsed,
  parseAmount,
  parseCreditCode,
  parseDate,
  parseLevel,
  parsePercent,
  parseRegionCode,
  parseTaxpayerType,
  parseYear,
  personNameOf,
  regionOfCode,
  registrationOf,
} from './dataset-values.js';

export type CopyValue = string | number | null | readonly string[];

/** Staging columns per list group, in COPY order (source, as_of and dataset_id are added on insert). */
export const STAGE_COLUMNS = {
  registry: [
    'credit_code',
    'name',
    'legal_rep',
    'registered_capital_fen',
    'capital_text',
    'established_on',
    'status_text',
    'registration',
    'company_type',
    'address',
    'scope',
    'industry_code',
    'industry_name',
    'region_code',
    'taxpayer_type',
    'search_grams',
    'initials',
  ],
  relation: [
    'kind',
    'credit_code',
    'name',
    'role',
    'other_code',
    'amount_fen',
    'ratio_bp',
    'happened_on',
    'before_text',
    'after_text',
  ],
  risk: [
    'kind',
    'credit_code',
    'name',
    'reference',
    'title',
    'category',
    'decided_on',
    'removed_on',
    'amount_fen',
    'authority',
    'person_name',
    'region_code',
    'details',
  ],
  credit: ['credit_code', 'year', 'level', 'name'],
} as const;

const RELATION_KIND: Readonly<Record<string, string>> = {
  shareholders: 'shareholder',
  executives: 'executive',
  investments: 'investment',
  branches: 'branch',
  changes: 'change',
};

const fold = (header: string) => header.replace(/\s+/g, '').replace(/（/g, '(').replace(/）/g, ')');

/** Column positions of the list's columns in a header row, or null when a required one is missing. */
export function matchHeader(list: DataList, cells: readonly CellInput[]): Map<number, ListColumn> | null {
  const positions = new Map<number, ListColumn>();
  const texts = cells.map((cell) => fold(cellText(cell)));
  for (const column of list.columns) {
    const names = [column.header, ...(column.aliases ?? [])].map(fold);
    const index = texts.findIndex((text, position) => names.includes(text) && !positions.has(position));
    if (index >= 0) positions.set(index, column);
    else if (column.required) return null;
  }
  // In the file's column order, so a row's problems read left to right.
  return new Map([...positions].sort((a, b) => a[0] - b[0]));
}

export interface RowProblem {
  column: string | null;
  message: string;
}

export interface ParsedRow {
  values: CopyValue[];
  /** Uniqueness key within the file (credit code, or code and year), when the list has one. */
  key: string | null;
  year: number | null;
}

/** Reads one data row; problems are listed per column, and no values come back when there are any. */
export function parseRow(
  list: DataList,
  positions: Map<number, ListColumn>,
  cells: readonly CellInput[],
): { row: ParsedRow | null; problems: RowProblem[] } {
  const problems: RowProblem[] = [];
  const fields = new Map<string, unknown>();
  const details: Record<string, string> = {};
  const take = <T>(column: ListColumn, parsed: Parsed<T>): T | null => {
    if (parsed.ok) return parsed.value;
    problems.push({ column: column.header, message: parsed.reason });
    return null;
  };
  for (const [position, column] of positions) {
    const text = cellText(cells[position]);
    if (text === '') {
      if (column.required) problems.push({ column: column.header, message: `${column.header}不能为空` });
      continue;
    }
    if (text.length > 4000) {
      problems.push({ column: column.header, message: `${column.header}超过4000字` });
      continue;
    }
    if (list.group === 'risk') details[column.header] = text;
    const target = column.target;
    if (target === 'creditCode') fields.set(target, take(column, parseCreditCode(text)));
    else if (
      target === 'establishedOn' ||
      target === 'happenedOn' ||
      target === 'decidedOn' ||
      target === 'removedOn'
    ) {
      fields.set(target, take(column, parseDate(text)));
    } else if (target === 'capitalWan' || target === 'amountWan') {
      fields.set(target, take(column, parseAmount(text, 1_000_000)));
      if (target === 'capitalWan') fields.set('capitalText', text);
    } else if (target === 'amountYuan') fields.set(target, take(column, parseAmount(text, 100)));
    else if (target === 'ratioPercent') fields.set(target, take(column, parsePercent(text)));
    else if (target === 'taxpayerType') fields.set(target, take(column, parseTaxpayerType(text)));
    else if (target === 'regionCode') fields.set(target, take(column, parseRegionCode(text)));
    else if (target === 'year') fields.set(target, take(column, parseYear(text)));
    else if (target === 'level') fields.set(target, take(column, parseLevel(text)));
    else if (target === 'personName') fields.set(target, personNameOf(text));
    else if (target !== 'detail') fields.set(target, text);
  }
  if (problems.length > 0) return { row: null, problems };
  const text = (key: string) => (fields.get(key) as string | undefined) ?? null;
  const num = (key: string) => (fields.get(key) as number | null | undefined) ?? null;
  const code = text('creditCode') as string;
  const name = text('name') as string;
  switch (list.group) {
    case 'registry': {
      const statusText = text('statusText') as string;
      return {
        problems,
        row: {
          key: code,
          year: null,
          values: [
            code,
            name,
            text('legalRep'),
            num('capitalWan'),
            text('capitalText'),
            text('establishedOn'),
            statusText,
            registrationOf(statusText),
            text('companyType'),
            text('address'),
            text('scope'),
            text('industryCode'),
            text('industryName'),
            text('regionCode') ?? regionOfCode(code),
            text('taxpayerType'),
            searchGrams(name),
            nameInitials(name),
          ],
        },
      };
    }
    case 'relation':
      return {
        problems,
        row: {
          key: null,
          year: null,
          values: [
            RELATION_KIND[list.key] ?? list.key,
            code,
            name,
            text('role'),
            text('otherCode'),
            num('amountWan'),
            num('ratioPercent'),
            text('happenedOn'),
            text('beforeText'),
            text('afterText'),
          ],
        },
      };
    case 'risk':
      return {
        problems,
        row: {
          key: null,
          year: null,
          values: [
            list.key,
            code,
            name,
            text('reference'),
            text('title') ?? list.label,
            text('category'),
            text('decidedOn'),
            text('removedOn'),
            num('amountYuan') ?? num('amountWan'),
            text('authority'),
            text('personName'),
            regionOfCode(code),
            JSON.stringify(details),
          ],
        },
      };
    case 'credit': {
      const year = num('year') as number;
      return { problems, row: { key: `${code}|${year}`, year, values: [code, year, text('level') ?? 'A', name] } };
    }
  }
}

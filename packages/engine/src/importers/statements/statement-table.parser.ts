import { cellText } from './cell-value.parser.js';
import { normalizeLineName } from './line-name.matcher.js';
import { readPeriodCell, readPeriodText } from './period-text.parser.js';
import type { SheetRow } from './workbook.loader.js';

/**
 * Finding the tables of a statement sheet: a header row with a name column (项目 / 资产 /
 * 负债和所有者权益), an optional 行次 column and value columns (期末余额, 本期金额, 2024年3月 …).
 * A balance sheet printed in two halves has two blocks side by side; a sheet can stack tables.
 */

export type ColumnKind =
  | 'end'
  | 'yearStart'
  | 'periodStart'
  | 'current'
  | 'month'
  | 'ytd'
  | 'previous'
  | 'lastYearSame'
  | 'lastYearYtd'
  | 'explicit';

export interface ValueColumn {
  column: number;
  header: string;
  kind: ColumnKind;
  /** For 'explicit' columns whose header is itself a period (2024年3月, 2023年度). */
  period: string | null;
}

export interface TableBlock {
  nameColumn: number;
  lineColumn: number | null;
  values: ValueColumn[];
}

export interface StatementTable {
  headerRow: number;
  /** Title-block rows above the header (cells joined by a space), nearest row first. */
  preamble: string[];
  blocks: TableBlock[];
  rows: SheetRow[];
}

const NAME_HEADER =
  /^(项目|资产|负债和所有者权益|负债及所有者权益|负债和股东权益|负债及股东权益|报表项目|项目名称|科目|科目名称)$/;
const LINE_HEADER = /^(行次|行号|栏次|行)$/;
const COLUMN_KINDS: readonly (readonly [RegExp, ColumnKind])[] = [
  [/^(上年同期累计|上年累计)(金额|数|发生额)?$/, 'lastYearYtd'],
  [/^(上年同期|上年)(金额|数|发生额)?$/, 'lastYearSame'],
  [/^(上年年末|上年末|上年期末|年初)(余额|数|金额)?$/, 'yearStart'],
  [/^期初(余额|数|金额)?$/, 'periodStart'],
  [/^(期末|年末|本期期末)(余额|数|金额)?$/, 'end'],
  [/^(本年累计|本年|累计)(金额|数|发生额)?$/, 'ytd'],
  [/^本月(金额|数|发生额)?$/, 'month'],
  [/^(本期|金额)(金额|数|发生额)?$/, 'current'],
  [/^上期(金额|数|发生额)?$/, 'previous'],
];
const PREAMBLE_ROWS = 8;

type HeaderCell =
  | { column: number; role: 'name' }
  | { column: number; role: 'line' }
  | ({ role: 'value' } & ValueColumn);

function classifyHeaderCell(raw: unknown, column: number): HeaderCell | null {
  // Numbers are data (an amount of 2024.00 is no year); a date cell heads a column of that month.
  if (typeof raw === 'number') return null;
  const header = cellText(raw);
  if (raw instanceof Date) {
    const reading = readPeriodCell(raw);
    return reading?.ok ? { role: 'value', column, header, kind: 'explicit', period: reading.period } : null;
  }
  const name = normalizeLineName(header);
  if (name === '') return null;
  if (NAME_HEADER.test(name)) return { column, role: 'name' };
  if (LINE_HEADER.test(name)) return { column, role: 'line' };
  const kind = COLUMN_KINDS.find(([pattern]) => pattern.test(name))?.[1];
  if (kind) return { role: 'value', column, header, kind, period: null };
  // Only short cells count as period headers, so a title line such as "编制单位：… 2024年12月" does not.
  const reading = header.length <= 20 ? readPeriodText(header) : null;
  if (reading?.ok) return { role: 'value', column, header, kind: 'explicit', period: reading.period };
  return null;
}

function headerCells(row: SheetRow): HeaderCell[] {
  const cells: HeaderCell[] = [];
  row.cells.forEach((value, column) => {
    const cell = classifyHeaderCell(value, column);
    if (cell) cells.push(cell);
  });
  return cells;
}

function toBlocks(cells: HeaderCell[]): TableBlock[] {
  const blocks: TableBlock[] = [];
  for (const cell of [...cells].sort((a, b) => a.column - b.column)) {
    const current = blocks.at(-1);
    if (cell.role === 'name') blocks.push({ nameColumn: cell.column, lineColumn: null, values: [] });
    else if (!current) continue;
    else if (cell.role === 'line') current.lineColumn ??= cell.column;
    else current.values.push({ column: cell.column, header: cell.header, kind: cell.kind, period: cell.period });
  }
  return blocks.filter((block) => block.values.length > 0);
}

/** Blocks when `row` (with the row below, for a header split over two rows) is a header row. */
function readHeader(row: SheetRow, next: SheetRow | undefined): { blocks: TableBlock[]; rowsUsed: number } | null {
  const cells = headerCells(row);
  if (!cells.some((cell) => cell.role === 'name')) return null;
  const blocks = toBlocks(cells);
  if (blocks.length > 0) return { blocks, rowsUsed: 1 };
  if (!next) return null;
  const below = headerCells(next).filter((cell) => cell.role !== 'name');
  const merged = toBlocks([...cells, ...below.filter((cell) => !cells.some((own) => own.column === cell.column))]);
  return merged.length > 0 ? { blocks: merged, rowsUsed: 2 } : null;
}

function rowTexts(row: SheetRow): string[] {
  return row.cells.map((value) => cellText(value)).filter((text) => text !== '');
}

export function findTables(rows: readonly SheetRow[]): StatementTable[] {
  const tables: StatementTable[] = [];
  let sinceHeader: SheetRow[] = [];
  for (let index = 0; index < rows.length; index++) {
    const row = rows[index] as SheetRow;
    const header = readHeader(row, rows[index + 1]);
    if (!header) {
      sinceHeader.push(row);
      tables.at(-1)?.rows.push(row);
      continue;
    }
    const preamble = sinceHeader
      .slice(-PREAMBLE_ROWS)
      .reverse()
      .map((candidate) => rowTexts(candidate).join(' '))
      .filter((text) => text !== '');
    tables.push({ headerRow: row.number, preamble, blocks: header.blocks, rows: [] });
    sinceHeader = [];
    index += header.rowsUsed - 1;
  }
  return tables;
}

import {
  balanceDatePeriod,
  type FinancialFigure,
  figureAtLine,
  formatFen,
  type StatementLayout,
} from '@taxlens/shared';
import { cellText, readAmount, unitFenFromText } from './cell-value.parser.js';
import {
  isIgnoredLineName,
  layoutsOfFigure,
  matchLineName,
  normalizeLineName,
  statementOfLineName,
} from './line-name.matcher.js';
import type { FinancialImportProblem, ImportedStatement, StatementKind } from './statement.types.js';
import {
  type ColumnPeriod,
  readCompanyName,
  readTitlePeriod,
  resolveColumnPeriod,
} from './statement-period.resolver.js';
import type { StatementTable, TableBlock, ValueColumn } from './statement-table.parser.js';

/** Turning one table of a sheet into statements, one per period column that holds figures. */

export type TableOutcome =
  | { status: 'ok'; statements: ImportedStatement[] }
  | { status: 'not-a-statement' }
  | { status: 'no-period'; statement: StatementKind };

interface TableLine {
  row: number;
  cells: unknown[];
  name: string;
  block: TableBlock;
  figure: FinancialFigure | undefined;
  lineNumber: number | null;
}

function decideStatement(lines: readonly TableLine[], hints: string): StatementKind | null {
  const votes = { balance_sheet: 0, income_statement: 0 };
  for (const line of lines) {
    const kind = statementOfLineName(line.name);
    if (kind) votes[kind]++;
  }
  const total = votes.balance_sheet + votes.income_statement;
  const byVotes: StatementKind = votes.balance_sheet >= votes.income_statement ? 'balance_sheet' : 'income_statement';
  const hinted: StatementKind | 'other' | null = /资产负债表/.test(hints)
    ? 'balance_sheet'
    : /利润表|损益表/.test(hints)
      ? 'income_statement'
      : /现金流量表|权益变动表/.test(hints)
        ? 'other'
        : null;
  if (total === 0 || (hinted === 'other' && total < 5)) return null;
  if (total >= 3 || hinted === null || hinted === 'other') return byVotes;
  return hinted;
}

function decideLayout(lines: readonly TableLine[], hints: string): StatementLayout {
  if (/小企业|会小企/.test(hints)) return 'small';
  if (/会企0[12]|企业会计准则|一般企业/.test(hints)) return 'general';
  const score = { general: 0, small: 0 };
  for (const { figure, lineNumber } of lines) {
    if (!figure) continue;
    const layouts = layoutsOfFigure(figure);
    if (layouts.length === 1) score[layouts[0] as StatementLayout]++;
    if (lineNumber !== null && figure.lines.general === lineNumber) score.general++;
    if (lineNumber !== null && figure.lines.small === lineNumber) score.small++;
  }
  return score.small > score.general ? 'small' : 'general';
}

function readLines(table: StatementTable): TableLine[] {
  const lines: TableLine[] = [];
  for (const row of table.rows) {
    for (const block of table.blocks) {
      const name = normalizeLineName(cellText(row.cells[block.nameColumn]));
      const lineText = block.lineColumn === null ? '' : cellText(row.cells[block.lineColumn]);
      const lineNumber = /^\d{1,3}$/.test(lineText) ? Number(lineText) : null;
      if (name === '' && lineNumber === null) continue;
      lines.push({ row: row.number, cells: row.cells, name, block, figure: undefined, lineNumber });
    }
  }
  return lines;
}

export function readStatementTable(
  sheet: string,
  table: StatementTable,
  problems: FinancialImportProblem[],
): TableOutcome {
  const hints = [...table.preamble, sheet].join(' ');
  const lines = readLines(table);
  const statement = decideStatement(lines, hints);
  if (!statement) return { status: 'not-a-statement' };
  for (const line of lines) line.figure = matchLineName(statement, line.name);
  const layout = decideLayout(lines, hints);
  const unitFen = table.preamble.map(unitFenFromText).find((unit) => unit !== null) ?? 100;
  const titlePeriod = [...table.preamble, sheet].map(readTitlePeriod).find((reading) => reading !== null) ?? null;
  const tablePeriod = titlePeriod?.ok ? titlePeriod.period : null;
  if (titlePeriod && !titlePeriod.ok) {
    problems.push({
      level: 'error',
      sheet,
      row: table.headerRow,
      message: `报表期间“${titlePeriod.text}”不是整月、整季度或整年度，无法导入；请按月、季度或年度导出报表`,
    });
  }

  const columns = new Map<ValueColumn, ColumnPeriod>();
  for (const block of table.blocks) {
    for (const column of block.values) {
      const resolved = resolveColumnPeriod(column, tablePeriod);
      columns.set(column, resolved);
      if (!resolved.ok && resolved.reason)
        problems.push({ level: 'warning', sheet, row: table.headerRow, message: resolved.reason });
    }
  }
  if ([...columns.values()].every((resolved) => !resolved.ok)) {
    return tablePeriod || titlePeriod ? { status: 'ok', statements: [] } : { status: 'no-period', statement };
  }

  // A line the catalogue does not know matters only when it carries an amount; footers and headings do not.
  const reportUnknown = (line: TableLine) => {
    if (isIgnoredLineName(line.name)) return;
    const amounts = line.block.values.map((column) => readAmount(line.cells[column.column], unitFen));
    if (amounts.some((reading) => reading.kind === 'amount' && reading.fen !== 0)) {
      problems.push({
        level: 'warning',
        sheet,
        row: line.row,
        message: `第${line.row}行“${line.name}”不是可识别的报表项目，已忽略`,
      });
    }
  };
  const perColumn = new Map<ValueColumn, { figures: Record<string, number>; rows: Set<number>; hasData: boolean }>();
  for (const line of lines) {
    const { block, row } = line;
    let figure = line.figure;
    // 行次 stands in only for a name that is missing or unknown, never for a line known to carry nothing.
    if (!figure && line.lineNumber !== null && (line.name === '' || !isIgnoredLineName(line.name))) {
      figure = figureAtLine(statement, layout, line.lineNumber);
      if (figure && layout === 'general') {
        problems.push({
          level: 'warning',
          sheet,
          row,
          message: `第${row}行“${line.name || '（无名称）'}”按行次${line.lineNumber}识别为“${figure.label}”，请核对`,
        });
      }
    }
    if (!figure) {
      reportUnknown(line);
      continue;
    }
    for (const column of block.values) {
      const resolved = columns.get(column);
      if (!resolved?.ok) continue;
      const reading = readAmount(line.cells[column.column], unitFen);
      const target = perColumn.get(column) ?? { figures: {}, rows: new Set<number>(), hasData: false };
      perColumn.set(column, target);
      if (reading.kind === 'invalid' || reading.kind === 'no-result') {
        const why =
          reading.kind === 'invalid'
            ? `“${reading.text}”不是有效金额，已跳过`
            : '是没有计算结果的公式，请在 Excel 中打开并保存后重新上传';
        problems.push({ level: 'error', sheet, row, message: `第${row}行“${line.name}”的“${column.header}”${why}` });
        continue;
      }
      const fen = reading.kind === 'amount' ? reading.fen : 0;
      if (reading.kind === 'amount') target.hasData = true;
      const existing = target.figures[figure.key];
      if (existing === undefined) {
        target.figures[figure.key] = fen;
        target.rows.add(row);
      } else if (existing !== fen) {
        problems.push({
          level: 'warning',
          sheet,
          row,
          message: `“${figure.label}”在同一张表中出现两次且金额不同（${formatFen(existing)} 与 ${formatFen(fen)}），已采用第一次的金额`,
        });
      }
    }
  }

  const companyName = readCompanyName(table.preamble);
  const statements: ImportedStatement[] = [];
  for (const [column, collected] of perColumn) {
    const resolved = columns.get(column);
    if (!resolved?.ok || !collected.hasData) continue;
    statements.push({
      statement,
      layout,
      // A balance sheet is a position at a date: one key per date, whatever report it came from.
      period: statement === 'balance_sheet' ? balanceDatePeriod(resolved.period) : resolved.period,
      companyName,
      figures: collected.figures,
      source: { sheet, rows: [...collected.rows].sort((a, b) => a - b) },
    } as ImportedStatement);
  }
  return { status: 'ok', statements };
}

import { comparePeriods, FINANCIAL_STATEMENTS, findFigure, formatFen, formatPeriod } from '@taxlens/shared';
import { checkStatement } from './statement.checks.js';
import type { FinancialImportProblem, ImportedStatement, StatementImportResult } from './statement.types.js';
import { StatementImportError } from './statement-import.error.js';
import { findTables } from './statement-table.parser.js';
import { readStatementTable } from './statement-table.reader.js';
import { loadWorkbook } from './workbook.loader.js';

/**
 * Reads balance sheets and income statements from an xlsx or .xls exported by bookkeeping software:
 * any number of sheets, tables and period columns. Throws StatementImportError when the file as
 * a whole cannot be used; everything else is a problem in the result.
 */
export async function readStatements(bytes: Uint8Array): Promise<StatementImportResult> {
  const workbook = await loadWorkbook(bytes);
  if (typeof workbook === 'string') throw new StatementImportError(workbook);

  const problems: FinancialImportProblem[] = [];
  const ignoredSheets: string[] = [];
  const found: ImportedStatement[] = [];
  const periodless: string[] = [];
  for (const sheet of workbook.sheets) {
    if (!sheet.visible) {
      ignoredSheets.push(sheet.name);
      continue;
    }
    let recognised = false;
    for (const table of findTables(sheet.rows)) {
      const outcome = readStatementTable(sheet.name, table, problems);
      if (outcome.status === 'not-a-statement') continue;
      recognised = true;
      if (outcome.status === 'no-period') periodless.push(sheet.name);
      else found.push(...outcome.statements);
    }
    if (!recognised) ignoredSheets.push(sheet.name);
  }

  if (found.length === 0) {
    throw new StatementImportError(periodless.length > 0 ? 'NO_PERIOD' : 'NO_STATEMENT');
  }
  for (const sheet of new Set(periodless)) {
    problems.push({
      level: 'error',
      sheet,
      row: null,
      message: `工作表“${sheet}”未找到报表期间，已跳过；请在表头写明期间（如“2024年12月31日”）或把工作表命名为期间`,
    });
  }

  const statements = mergeSamePeriod(found, problems);
  for (const statement of statements) {
    for (const message of checkStatement(statement)) {
      problems.push({ level: 'warning', sheet: statement.source.sheet, row: null, message });
    }
  }
  return { statements, problems, ignoredSheets };
}

const where = (statement: ImportedStatement) => `工作表“${statement.source.sheet}”`;

/**
 * One statement per kind and period. The same period met again (a 年初 column repeating last
 * year's sheet) adds the lines it alone has; different amounts for a line are reported and the
 * first amount is kept.
 */
function mergeSamePeriod(found: readonly ImportedStatement[], problems: FinancialImportProblem[]): ImportedStatement[] {
  const merged = new Map<string, ImportedStatement>();
  for (const next of found) {
    const id = `${next.statement}:${next.period}`;
    const first = merged.get(id);
    if (!first) {
      merged.set(id, { ...next, figures: { ...next.figures } } as ImportedStatement);
      continue;
    }
    const kept = first.figures as Record<string, number>;
    const differences: string[] = [];
    for (const [key, fen] of Object.entries(next.figures as Record<string, number>)) {
      if (kept[key] === undefined) kept[key] = fen;
      else if (kept[key] !== fen) {
        const label = findFigure(next.statement, key)?.label ?? key;
        differences.push(`${label} ${formatFen(kept[key])} 元与 ${formatFen(fen)} 元`);
      }
    }
    if (differences.length > 0) {
      const shown = differences.slice(0, 3).join('；') + (differences.length > 3 ? ` 等${differences.length}项` : '');
      problems.push({
        level: 'warning',
        sheet: next.source.sheet,
        row: null,
        message: `${FINANCIAL_STATEMENTS[next.statement]}（${formatPeriod(next.period)}）出现了两次且数字不同（${where(first)}与${where(next)}）：${shown}；已采用先出现的数字`,
      });
    }
  }
  return [...merged.values()].sort(
    (a, b) => a.statement.localeCompare(b.statement) || comparePeriods(a.period, b.period),
  );
}

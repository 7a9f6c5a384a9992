import { FINANCIAL_STATEMENTS, formatFen, formatPeriod } from '@taxlens/shared';
import { cellText } from '../statements/cell-value.parser.js';
import type { FinancialImportProblem } from '../statements/statement.types.js';
import type { LoadedSheet } from '../statements/workbook.loader.js';
import { type FormRow, type OfficialForm, readOfficialForm } from './official-form.reader.js';
import { detectOfficialForm, OFFICIAL_FORM_NAMES } from './official-forms.layout.js';
import { readSalesSchedule } from './sales-schedule.reader.js';

/**
 * The official returns found in a workbook's sheets or a PDF's pages, merged per tax and period:
 * the main form's figures first; a schedule (附列资料（一）/（二）) fills what the main form lacks and is
 * compared with it where both have a figure.
 */

export interface OfficialReturnsResult {
  /** Forms recognised by their titles (also those that gave no figures). */
  recognised: string[];
  forms: OfficialForm[];
  problems: FinancialImportProblem[];
}

const TITLE_ROWS = 10;

/** Sheet rows as positioned tokens: a cell's column is its x. */
export function sheetTokens(sheet: LoadedSheet): FormRow[] {
  return sheet.rows.map((row) => ({
    number: row.number,
    tokens: row.cells.flatMap((raw, column) => {
      const text = cellText(raw);
      return text === '' ? [] : [{ x: column, text, raw }];
    }),
  }));
}

export function readOfficialReturns(pages: readonly { name: string; rows: FormRow[] }[]): OfficialReturnsResult {
  const problems: FinancialImportProblem[] = [];
  const recognised: string[] = [];
  const forms: OfficialForm[] = [];
  for (const page of pages) {
    const title = [
      page.name,
      ...page.rows.slice(0, TITLE_ROWS).map((row) => row.tokens.map((t) => t.text).join('')),
    ].join(' ');
    const kind = detectOfficialForm(title);
    if (!kind) continue;
    recognised.push(`${OFFICIAL_FORM_NAMES[kind]}（${page.name}）`);
    const form =
      kind === 'vat_sales_schedule'
        ? readSalesSchedule(page.name, page.rows, problems)
        : readOfficialForm(kind, page.name, page.rows, problems);
    if (form) forms.push(form);
  }
  return { recognised, forms: mergeForms(forms, problems), problems };
}

const SCHEDULES = new Set(['vat_input_schedule', 'vat_sales_schedule']);
const MAIN_FIRST = (form: OfficialForm) => (SCHEDULES.has(form.form) ? 1 : 0);

function mergeForms(forms: OfficialForm[], problems: FinancialImportProblem[]): OfficialForm[] {
  const merged = new Map<string, OfficialForm>();
  for (const form of [...forms].sort((a, b) => MAIN_FIRST(a) - MAIN_FIRST(b))) {
    const id = `${form.statement}:${form.period}`;
    const first = merged.get(id);
    if (!first) {
      merged.set(id, { ...form, figures: { ...form.figures } });
      continue;
    }
    for (const [key, fen] of Object.entries(form.figures)) {
      const kept = first.figures[key];
      if (kept === undefined) first.figures[key] = fen;
      else if (kept !== fen) {
        problems.push({
          level: 'warning',
          sheet: form.source.sheet,
          row: null,
          message: `${OFFICIAL_FORM_NAMES[form.form]}（${formatPeriod(form.period)}）的金额 ${formatFen(fen)} 元与${FINANCIAL_STATEMENTS[first.statement]}主表的 ${formatFen(kept)} 元不一致，已采用主表`,
        });
      }
    }
  }
  return [...merged.values()];
}

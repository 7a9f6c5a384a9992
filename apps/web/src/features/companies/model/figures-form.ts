import {
  balanceSheetFormSchema,
  citReturnFormSchema,
  FINANCIAL_FIGURES,
  FINANCIAL_MESSAGES,
  type FinancialFigure,
  type FinancialStatementKind,
  formatFen,
  incomeStatementFormSchema,
  type StatementLayout,
  type TaxpayerType,
  vatReturnFormSchema,
} from '@taxlens/shared';
import type { FigureSet, FiguresBody } from '../api';
import { fenToYuanText } from './company-form';

/**
 * Manual entry of one statement or return for one period. The inputs hold text in 元 (or a
 * percentage for a rate); the shared form schemas turn it into fen and say what is wrong.
 */
export interface FiguresFormValues {
  period: string;
  layout?: StatementLayout;
  taxpayerType?: TaxpayerType;
  figures: Record<string, string | undefined>;
}

export const STATEMENT_KINDS = Object.keys(FINANCIAL_FIGURES) as FinancialStatementKind[];

export function isStatement(kind: FinancialStatementKind): boolean {
  return kind === 'balance_sheet' || kind === 'income_statement';
}

/** The lines a layout prints (older names with no line number in either layout are left out). */
export function figuresFor(kind: FinancialStatementKind, layout: StatementLayout = 'general'): FinancialFigure[] {
  const all = FINANCIAL_FIGURES[kind];
  if (!isStatement(kind)) return [...all];
  return all
    .filter((figure) => figure.lines[layout] !== null)
    .sort((a, b) => (a.lines[layout] ?? 0) - (b.lines[layout] ?? 0));
}

/** 2500 bp → "25%", 1250 → "12.5%". */
export function bpToPercentText(bp: number): string {
  return `${String(bp / 100)}%`;
}

/** A stored figure for display: fen as 元 with separators, a rate as a percentage. */
export function formatFigure(figure: Pick<FinancialFigure, 'unit'>, value: number | undefined): string {
  if (value === undefined) return '-';
  return figure.unit === 'bp' ? bpToPercentText(value) : formatFen(value);
}

/** An existing period as form values, for editing it. */
export function valuesFromSet(set: FigureSet): FiguresFormValues {
  const figures: Record<string, string> = {};
  for (const [key, value] of Object.entries(set.figures)) {
    const unit = FINANCIAL_FIGURES[set.statement].find((figure) => figure.key === key)?.unit ?? 'fen';
    figures[key] = unit === 'bp' ? bpToPercentText(value) : fenToYuanText(value);
  }
  const layout = set.layout === 'small' ? 'small' : 'general';
  const taxpayerType = set.layout === 'general' || set.layout === 'small_scale' ? set.layout : undefined;
  return isStatement(set.statement)
    ? { period: set.period, layout, figures }
    : { period: set.period, taxpayerType, figures };
}

export type FiguresFieldName = ['period'] | ['layout'] | ['taxpayerType'] | ['figures'] | ['figures', string];

/** A schema issue's path (or a server field like 'figures.cash') as the form's field name. */
export function figuresFieldName(path: readonly (string | number)[]): FiguresFieldName | null {
  const [head, key] = path;
  if (head === 'figures') return key === undefined ? ['figures'] : ['figures', String(key)];
  if (head === 'period' || head === 'layout' || head === 'taxpayerType') return [head];
  return null;
}

export interface FieldProblem {
  /** antd name path: ['period'] or ['figures', key]. */
  name: (string | number)[];
  message: string;
}

export type FiguresParse = { ok: true; body: FiguresBody } | { ok: false; problems: FieldProblem[] };

const FORM_SCHEMAS = {
  balance_sheet: balanceSheetFormSchema,
  income_statement: incomeStatementFormSchema,
  vat_return: vatReturnFormSchema,
  cit_return: citReturnFormSchema,
} as const;

/** One figure's text checked with the shared schema (for the field's own rule); null when fine. */
export function figureProblem(statement: FinancialStatementKind, key: string, text: string | undefined): string | null {
  if (!text?.trim()) return null;
  const result = FORM_SCHEMAS[statement].safeParse({ period: '2000', figures: { [key]: text } });
  if (result.success) return null;
  const issue = result.error.issues.find((entry) => entry.path[0] === 'figures' && entry.path[1] === key);
  return issue ? issue.message || FINANCIAL_MESSAGES.amountInvalid : null;
}

/** Validates the form with the shared schema and builds the saveFigures body (figures in fen). */
export function parseFiguresForm(
  firmId: number,
  statement: FinancialStatementKind,
  values: FiguresFormValues,
  messages: { needOne: string },
): FiguresParse {
  const figures = Object.fromEntries(
    Object.entries(values.figures ?? {}).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
  const input: Record<string, unknown> = { period: values.period ?? '', figures };
  if (isStatement(statement)) input.layout = values.layout ?? 'general';
  else if (statement === 'vat_return' && values.taxpayerType) input.taxpayerType = values.taxpayerType;
  const result = FORM_SCHEMAS[statement].safeParse(input);
  if (!result.success) {
    return {
      ok: false,
      problems: result.error.issues.map((issue) => ({
        name: issue.path.map((part) => (typeof part === 'symbol' ? String(part) : part)),
        message: issue.message || FINANCIAL_MESSAGES.amountInvalid,
      })),
    };
  }
  const parsed = result.data as { period: string; layout?: StatementLayout; taxpayerType?: TaxpayerType };
  const fen = (result.data as { figures: Record<string, number> }).figures;
  if (Object.keys(fen).length === 0) return { ok: false, problems: [{ name: ['figures'], message: messages.needOne }] };
  return {
    ok: true,
    body: {
      firmId,
      statement,
      period: parsed.period,
      ...(parsed.layout ? { layout: parsed.layout } : {}),
      ...(parsed.taxpayerType ? { taxpayerType: parsed.taxpayerType } : {}),
      figures: fen,
    },
  };
}

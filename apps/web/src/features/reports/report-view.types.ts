import type { ComprehensiveReport, InvoiceReport, TaxReport } from '@taxlens/engine/types';
import type { FinancialStatementKind } from '@taxlens/shared';

/**
 * What the pages read from a ReportDetail beyond the engine's result types: the sources the
 * server stored beside the result, and guards that check the few fields the pages rely on
 * before they trust the rest of a stored result (an older or foreign result must not crash).
 */

/** An import the invoice report's figures came from (INVOICE `sources`). */
export interface ReportSource {
  importId: number | null;
  fileName: string;
  uploadedBy: string | null;
  finishedAt: string | null;
  invoices: number | null;
}

/** A stored statement or return the tax report read (TAX and COMPREHENSIVE `sources`). */
export interface StoredSetSource {
  statement: FinancialStatementKind | null;
  period: string;
  origin: string;
  used: boolean;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function hasRecords(result: Record<string, unknown>, keys: readonly string[]): boolean {
  return keys.every((key) => isRecord(result[key]));
}

function hasArrays(result: Record<string, unknown>, keys: readonly string[]): boolean {
  return keys.every((key) => Array.isArray(result[key]));
}

type StoredResult = Record<string, unknown> | null | undefined;

/** The stored result as an invoice report, or null when it is not one (another kind, or not ready). */
export function asInvoiceReport(result: StoredResult): InvoiceReport | null {
  if (!isRecord(result) || result.kind !== 'INVOICE') return null;
  if (!hasRecords(result, ['overview', 'counterparties', 'goods']) || !hasArrays(result, ['findings'])) return null;
  return result as unknown as InvoiceReport;
}

const TAX_RECORDS = ['overview', 'notification', 'summary', 'charts', 'dataQuality'] as const;
const TAX_ARRAYS = ['categories', 'findings'] as const;

function isTaxShaped(result: Record<string, unknown>): boolean {
  if (!hasRecords(result, TAX_RECORDS) || !hasArrays(result, TAX_ARRAYS)) return false;
  const charts = result.charts as Record<string, unknown>;
  return Array.isArray(charts.yearly) && Array.isArray(charts.vatPeriods) && isRecord(charts.benchmark);
}

export function asTaxReport(result: StoredResult): TaxReport | null {
  if (!isRecord(result) || result.kind !== 'TAX' || !isTaxShaped(result)) return null;
  return result as unknown as TaxReport;
}

export function asComprehensiveReport(result: StoredResult): ComprehensiveReport | null {
  if (!isRecord(result) || result.kind !== 'COMPREHENSIVE' || !isTaxShaped(result)) return null;
  if (!hasRecords(result, ['score', 'invoice'])) return null;
  const score = result.score as Record<string, unknown>;
  if (typeof score.value !== 'number' || !Array.isArray(score.rows)) return null;
  return result as unknown as ComprehensiveReport;
}

const text = (value: unknown) => (typeof value === 'string' && value.length > 0 ? value : null);
const count = (value: unknown) => (typeof value === 'number' ? value : null);

export function asSources(sources: readonly Record<string, unknown>[]): ReportSource[] {
  return sources.map((source) => ({
    importId: count(source.importId),
    fileName: text(source.fileName) ?? '-',
    uploadedBy: text(source.uploadedBy),
    finishedAt: text(source.finishedAt),
    invoices: count(source.invoices),
  }));
}

const STATEMENTS: readonly FinancialStatementKind[] = ['balance_sheet', 'income_statement', 'vat_return', 'cit_return'];

export function asStoredSets(sources: readonly Record<string, unknown>[]): StoredSetSource[] {
  return sources.map((source) => ({
    statement: STATEMENTS.find((kind) => kind === source.statement) ?? null,
    period: text(source.period) ?? '-',
    origin: text(source.origin) ?? '-',
    used: source.used === true,
  }));
}

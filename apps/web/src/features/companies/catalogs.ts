import { ACCOUNTING_STANDARDS, INDUSTRY_SECTIONS, REGIONS, TAXPAYER_TYPES } from '@taxlens/shared';
import { t } from '../../locales';
import type { ImportKind } from './api';
import type { FileProblem } from './model/upload-machine';

/** Select options from the shared catalogues (36 tax-bureau regions, GB/T 4754 sections, …). */
export const REGION_OPTIONS = REGIONS.map((region) => ({ value: region.code, label: region.name }));
export const INDUSTRY_OPTIONS = INDUSTRY_SECTIONS.map((section) => ({
  value: section.code,
  label: `${section.code} ${section.name}`,
}));
export const TAXPAYER_TYPE_OPTIONS = Object.entries(TAXPAYER_TYPES).map(([value, label]) => ({
  value: value as keyof typeof TAXPAYER_TYPES,
  label,
}));
export const ACCOUNTING_STANDARD_OPTIONS = ACCOUNTING_STANDARDS.map((standard) => ({
  value: standard.value,
  label: standard.label,
}));

export const IMPORT_KINDS: readonly ImportKind[] = ['invoice', 'statement', 'return', 'deduction', 'payroll'];

/** What the server accepts per kind (imports/import-files.ts). */
export const ACCEPTED_TYPES: Record<ImportKind, readonly string[]> = {
  invoice: ['.xlsx', '.xls', '.csv'],
  statement: ['.xlsx', '.xls'],
  return: ['.xlsx', '.xls', '.pdf'],
  deduction: ['.xlsx', '.xls'],
  payroll: ['.xlsx', '.xls'],
};

export function acceptedText(kind: ImportKind): string {
  return ACCEPTED_TYPES[kind].join('、');
}

/** A select's search matches its label. */
export function filterByLabel(input: string, option?: { label?: unknown }): boolean {
  return String(option?.label ?? '')
    .toLowerCase()
    .includes(input.trim().toLowerCase());
}

/** The message for a file refused in the browser, before a byte is sent. */
export function fileProblemText(problem: FileProblem, kind: ImportKind): string | null {
  if (problem === 'too-large') return t('companies.import.tooLarge');
  if (problem === 'wrong-type')
    return t('companies.import.wrongType', { kind: t(`companies.import.kinds.${kind}`), types: acceptedText(kind) });
  if (problem === 'empty') return t('companies.import.emptyFile');
  return null;
}

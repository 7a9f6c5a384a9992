/**
 * What every rule of every report kind hands back. Plain JSON so the report, the PDF and the
 * API can carry it as is.
 */

/** `none` = checked and nothing found; `insufficient` = 数据不足，未检测 (never a silent pass). */
export type FindingLevel = 'high' | 'medium' | 'low' | 'none' | 'insufficient';

export { FINDING_LEVEL_LABELS } from '@taxlens/shared';

/** A display-ready figure: money in fen with unit 'fen', ratios as percentages with unit '%'. */
export interface FindingFigure {
  label: string;
  value: number | string;
  unit?: string;
}

/** The invoices behind a finding, for drill-down; the key list is capped, `total` is not. */
export interface FindingEvidence {
  invoiceKeys: string[];
  total: number;
}

export interface Finding {
  ruleId: string;
  title: string;
  category: string;
  level: FindingLevel;
  /** One Chinese sentence with the figures. */
  summary: string;
  figures: FindingFigure[];
  /** Chinese text of the threshold applied. */
  threshold: string;
  evidence: FindingEvidence | null;
  explanation: string;
  /** Regulation, announcement or practitioner source, saying which it is. */
  basis: string;
  suggestion: string;
  /** What was missing when the level is `insufficient`. */
  missingData?: string[];
}

export type FindingCounts = Record<FindingLevel, number>;

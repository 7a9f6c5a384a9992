import type { Finding } from './finding.types.js';

/** Mirrors `ReportType` of @taxlens/shared; kept here so the engine builds without the shared package. */
export type RuleReportType = 'INVOICE' | 'TAX' | 'COMPREHENSIVE' | 'PANORAMIC' | 'BUSINESS_INFO' | 'DUE_DILIGENCE';

export type ThresholdValue = number | string | boolean;

/** A rule's thresholds: a flat plain object, so the caller can override any key by configuration. */
export type ThresholdValues = Readonly<Record<string, ThresholdValue>>;

/** Per-rule overrides (by rule id) merged over the defaults, e.g. chosen by industry and region. */
export type ThresholdOverrides = Readonly<Record<string, Readonly<Record<string, ThresholdValue>>>>;

export interface RuleDefinition<Input, Thresholds extends ThresholdValues = ThresholdValues> {
  readonly id: string;
  readonly title: string;
  readonly category: string;
  readonly reportTypes: readonly RuleReportType[];
  /** Chinese list of the data the rule reads. */
  readonly dataNeeded: readonly string[];
  readonly basis: string;
  readonly explanation: string;
  readonly suggestion: string;
  readonly thresholds: Thresholds;
  /**
   * Method syntax on purpose: it keeps the parameter bivariant, so rules with different threshold
   * shapes fit in one `RuleDefinition<Input>[]` set.
   */
  evaluate(input: Input, thresholds: Thresholds): Finding;
}

/** One line of the `rules` API call. */
export interface RuleCatalogueEntry {
  id: string;
  title: string;
  category: string;
  reportTypes: RuleReportType[];
  dataNeeded: string[];
  basis: string;
  thresholds: Record<string, ThresholdValue>;
}

/** What every report kind provides to the pipeline. */
import type { Finding, ThresholdOverrides } from '@taxlens/engine';
import type { Db } from '../../../db/kysely.js';

/** The company as the report builders need it (from the companies row). */
export interface ReportCompany {
  id: number;
  taxNo: string;
  name: string;
  industryCode: string | null;
  industryName: string | null;
  regionCode: string | null;
  taxpayerType: 'general' | 'small_scale' | null;
  accountingStandard: 'enterprise' | 'small_enterprise' | null;
  invoiceLimitFen: number | null;
  registeredCapitalFen: number | null;
}

export interface BuildContext {
  db: Db;
  company: ReportCompany;
  periodStart: string;
  periodEnd: string;
  /** The operator's threshold overrides of the current settings version (none → engine defaults). */
  thresholds?: ThresholdOverrides;
  /** Rule families the group left out of this kind (report customisation); their rules do not run. */
  excludedFamilies?: readonly string[];
}

export interface BuiltReport {
  result: { findings: Finding[] } & Record<string, unknown>;
  overallLevel: string;
  counts: { high: number; medium: number; low: number };
  sources: Record<string, unknown>[];
  /** Extra figures for the notification pop-up (spec §3 socket payload). */
  notification: Record<string, number>;
}

export interface ReportKindDefinition {
  /** What is missing for the period, in Chinese; empty when the report can be made. Checked before charging. */
  missingData(db: Db, companyId: number, periodStart: string, periodEnd: string): Promise<string[]>;
  build(context: BuildContext): Promise<BuiltReport>;
}

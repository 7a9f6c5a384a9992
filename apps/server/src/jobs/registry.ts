import type PgBoss from 'pg-boss';
import type { Db } from '../db/kysely.js';
import type { FileStorage } from '../lib/storage.js';
import { billingJobs } from '../modules/billing/billing.jobs.js';
import { monitoringCheckJob } from '../modules/dataview/monitoring.job.js';
import type { ImportSettings } from '../modules/imports/import-slots.js';
import { processImportJob } from '../modules/imports/jobs/process-import.job.js';
import { generateReportJob } from '../modules/reports/jobs/generate-report.job.js';
import { reportRetentionJob } from '../modules/reports/jobs/retention.job.js';
import { staleReportsJob } from '../modules/reports/jobs/stale-reports.job.js';
import { maintenanceJobs } from '../modules/system/maintenance.jobs.js';
import { unansweredChecksJob } from '../modules/verification/verification.charge.js';

/** What a job handler may use. */
export interface JobDeps {
  db: Db;
  boss: PgBoss;
  storage: FileStorage;
  log: (message: string, data?: Record<string, unknown>) => void;
  /** Import workers, per-group share and time limit (config); defaults when absent. */
  imports?: ImportSettings;
}

export interface JobDefinition<T extends object = object> {
  name: string;
  /** Cron in Asia/Shanghai time, for scheduled jobs. */
  cron?: string;
  retryLimit?: number;
  /**
   * Jobs that must resume soon after a crash run under a lease of their process (jobs/leases.ts):
   * when the process dies, the job is retried within about a minute instead of after the queue's
   * 15-minute expiry. Only for handlers that may safely start again from scratch.
   */
  resumeAfterCrash?: boolean;
  /** Workers of this queue in each process (one when absent). */
  workers?(deps: JobDeps): number;
  /** `retryCount`: how many earlier attempts of this job started (0 on the first). */
  handle(data: T, deps: JobDeps, attempt?: { retryCount: number }): Promise<void>;
}

/** Every job of every module, in one explicit list. */
export const JOBS: JobDefinition[] = [
  ...maintenanceJobs,
  ...billingJobs,
  processImportJob as JobDefinition,
  generateReportJob as JobDefinition,
  reportRetentionJob,
  staleReportsJob,
  unansweredChecksJob,
  monitoringCheckJob,
];

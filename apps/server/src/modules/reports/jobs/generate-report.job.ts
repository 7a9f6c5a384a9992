import { sql } from 'kysely';
import type { JobDefinition } from '../../../jobs/registry.js';
import { publishEvent } from '../../../plugins/realtime.js';
import { REPORT_KIND_DEFINITIONS } from '../kinds/index.js';
import { excludedFamilies } from '../report-custom.service.js';
import { currentSettings } from '../rule-settings.repo.js';
import { failReport, reportEvent, storeReportNotice } from './report-failure.js';

export const GENERATE_REPORT = 'reports.generate';
/** Attempts before a report is given up and refunded. */
export const MAX_REPORT_ATTEMPTS = 3;

/**
 * Builds one report from the company's stored data. A failing attempt is retried; the last
 * failure marks the report failed and refunds its charge in the same transaction. A worker that
 * dies mid-report loses its job's lease (jobs/leases.ts): the queue retries the job within about a minute, and the
 * attempt count on the row turns the last retry into fail-and-refund. The stale-report sweep
 * (stale-reports.job.ts) remains the backstop for a job lost altogether.
 */
export const generateReportJob: JobDefinition<{ reportId: number }> = {
  name: GENERATE_REPORT,
  // The handler catches its own failures (and re-sends itself), so the queue retries only jobs
  // whose worker died; one more than the attempts lets the last of them fail and refund.
  retryLimit: MAX_REPORT_ATTEMPTS,
  resumeAfterCrash: true,
  async handle({ reportId }, { db, boss, log }) {
    const report = await db.selectFrom('reports').selectAll().where('id', '=', reportId).executeTakeFirst();
    if (!report || report.status === 'done' || report.status === 'failed') return;
    if (report.attempts >= MAX_REPORT_ATTEMPTS) {
      // Every attempt died with its worker (a crash or a kill each time): give up and refund.
      if (await failReport(db, report, `${MAX_REPORT_ATTEMPTS}次尝试均因服务中断未完成`)) {
        log('report failed after interrupted attempts', { reportId, attempts: report.attempts });
      }
      return;
    }
    const attempt = report.attempts + 1;
    const started = await db
      .updateTable('reports')
      .set({ status: 'analysing', attempts: attempt, started_at: sql`now()` })
      .where('id', '=', reportId)
      .where('status', 'in', ['queued', 'analysing'])
      .executeTakeFirst();
    if (Number(started.numUpdatedRows) === 0) return;
    const { name, target, event } = reportEvent(report);
    try {
      const definition = REPORT_KIND_DEFINITIONS[report.report_type];
      const company = report.company_id
        ? await db.selectFrom('companies').selectAll().where('id', '=', report.company_id).executeTakeFirst()
        : undefined;
      if (!definition || !company) throw new Error(!definition ? '该报告类型暂未开放' : '企业已被删除');
      const settings = await currentSettings(db);
      const excluded = await excludedFamilies(db, report.group_id, report.report_type);
      const built = await definition.build({
        db,
        company: {
          id: company.id,
          taxNo: company.tax_no,
          name: company.taxpayer_name,
          industryCode: company.industry_code,
          industryName: company.industry_name,
          regionCode: company.region_code,
          taxpayerType: company.taxpayer_type,
          accountingStandard: company.accounting_standard,
          invoiceLimitFen: company.invoice_limit_fen,
          registeredCapitalFen: company.registered_capital_fen,
        },
        periodStart: report.period_start,
        periodEnd: report.period_end,
        ...(settings ? { thresholds: settings.thresholds } : {}),
        excludedFamilies: excluded,
      });
      // The report keeps which families it left out, so its view can say so whatever the setting becomes.
      if (excluded.length > 0) built.result.excludedFamilies = excluded;
      await db.transaction().execute(async (tx) => {
        const finished = await tx
          .updateTable('reports')
          .set({
            status: 'done',
            result: JSON.stringify(built.result),
            overall_level: built.overallLevel,
            high_count: built.counts.high,
            medium_count: built.counts.medium,
            low_count: built.counts.low,
            sources: JSON.stringify(built.sources),
            settings_version_id: settings?.id ?? null,
            failure_reason: null,
            finished_at: sql`now()`,
          })
          .where('id', '=', reportId)
          // A report the stale sweep already failed and refunded stays failed.
          .where('status', '=', 'analysing')
          .executeTakeFirst();
        if (Number(finished.numUpdatedRows) === 0) return;
        await storeReportNotice(tx, report, 'done');
        await publishEvent(tx, target, {
          ...event,
          msg: `${report.company_name}的${name}已生成`,
          status: 'done',
          ...built.notification,
        });
      });
      log('report generated', { reportId, type: report.report_type, attempt });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      log('report attempt failed', { reportId, attempt, reason });
      if (attempt < MAX_REPORT_ATTEMPTS) {
        await db
          .updateTable('reports')
          .set({ status: 'queued', failure_reason: reason })
          .where('id', '=', reportId)
          .where('status', '=', 'analysing')
          .execute();
        await boss.sendAfter(GENERATE_REPORT, { reportId }, {}, 2 * attempt);
        return;
      }
      await failReport(db, report, reason);
    }
  },
};

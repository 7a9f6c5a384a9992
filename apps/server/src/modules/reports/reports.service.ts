import { randomUUID } from 'node:crypto';
import { hasPermission, MAX_REPORT_MONTHS, type PoolReportType, reportKindByReportType } from '@taxlens/shared';
import { sql } from 'kysely';
import type PgBoss from 'pg-boss';
import type { Db } from '../../db/kysely.js';
import { sendInTransaction } from '../../jobs/transactional.js';
import { wakeWorkersOnCommit } from '../../jobs/wake.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { Actor } from '../accounts/accounts.policy.js';
import { chargeForReport } from '../billing/charges.service.js';
import { visibleOwners } from '../companies/companies.policy.js';
import { requireCompany } from '../companies/companies.service.js';
import { GENERATE_REPORT } from './jobs/generate-report.job.js';
import { REPORT_KIND_DEFINITIONS } from './kinds/index.js';
import { presentReport } from './reports.presenter.js';
import { findReport, listReports, type ReportFilters } from './reports.repo.js';

function monthsIn(start: string, end: string): number {
  const index = (text: string) => Number(text.slice(0, 4)) * 12 + Number(text.slice(5, 7));
  return index(end) - index(start) + 1;
}

/** Each report kind has its own page permission (nsfw, swfxtj, invoiceThrough, qjbg). */
export function assertCanUseKind(actor: Actor, reportType: PoolReportType) {
  const kind = reportKindByReportType(reportType);
  if (!kind || !hasPermission(actor, kind.permission)) throw new AppError('FORBIDDEN');
  return kind;
}

/**
 * Checks the company and its data, then in one transaction records the report, charges for it
 * and queues its generation. Missing data is refused before anything is charged.
 */
export async function createReport(
  deps: { db: Db; boss: PgBoss },
  actor: Actor,
  input: { firmId: number; reportType: PoolReportType; periodStart: string; periodEnd: string; requestKey?: string },
): Promise<{ reportId: number; replayed: boolean }> {
  const { db } = deps;
  const kind = assertCanUseKind(actor, input.reportType);
  const definition = REPORT_KIND_DEFINITIONS[input.reportType];
  if (!definition) throw new AppError('VALIDATION', `${kind.name}暂未开放`);
  if (monthsIn(input.periodStart, input.periodEnd) > MAX_REPORT_MONTHS) {
    throw new AppError('VALIDATION', `一份报告最多覆盖${MAX_REPORT_MONTHS}个月`, {
      fields: { periodEnd: `最多${MAX_REPORT_MONTHS}个月` },
    });
  }
  const company = await requireCompany(db, actor, input.firmId);
  const requestKey = input.requestKey ?? randomUUID();
  // The key is the user's own (migration 0052): a colleague's equal key is another request.
  const findEarlier = () =>
    db
      .selectFrom('reports')
      .select('id')
      .where('created_by', '=', actor.userId)
      .where('request_key', '=', requestKey)
      .executeTakeFirst();
  const earlier = await findEarlier();
  if (earlier) return { reportId: earlier.id, replayed: true };
  const missing = await definition.missingData(db, company.id, input.periodStart, input.periodEnd);
  if (missing.length > 0) throw new AppError('VALIDATION', missing.join('；'), { missing });

  let replayed = false;
  const reportId = await db
    .transaction()
    .execute(async (tx) => {
      const report = await tx
        .insertInto('reports')
        .values({
          group_id: actor.groupId,
          company_id: company.id,
          company_name: company.taxpayer_name,
          company_tax_no: company.tax_no,
          report_type: input.reportType,
          period_start: input.periodStart,
          period_end: input.periodEnd,
          request_key: requestKey,
          sources: '[]',
          created_by: actor.userId,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const charge = await chargeForReport(tx, {
        groupId: actor.groupId,
        userId: actor.userId,
        creditType: kind.type,
        reportId: report.id,
        requestKey: `report:${actor.userId}:${requestKey}`,
        firmName: company.taxpayer_name,
        taxNo: company.tax_no,
        actorId: actor.userId,
      });
      await tx.updateTable('reports').set({ charge_id: charge.chargeId }).where('id', '=', report.id).execute();
      await sendInTransaction(deps.boss, tx, GENERATE_REPORT, { reportId: report.id });
      await wakeWorkersOnCommit(tx, GENERATE_REPORT);
      return report.id;
    })
    .catch(async (error: unknown) => {
      // The same request sent twice at once: the second insert meets the first's key; answer that report.
      if ((error as { code?: string }).code === '23505') {
        const first = await findEarlier();
        if (first) {
          replayed = true;
          return first.id;
        }
      }
      // Refused for lack of funds: the pay dialog is checked again on the user's next pages (spec §4).
      // Only for a user who may top up: a staff member's refusal names whom to ask instead.
      if (error instanceof AppError && error.errorName === 'INSUFFICIENT_FUNDS' && hasPermission(actor, 'pay')) {
        await db.updateTable('users').set({ pay_dialog_flag: true }).where('id', '=', actor.userId).execute();
      }
      throw error;
    });
  return { reportId, replayed };
}

export async function requireReport(db: Db, actor: Actor, reportId: number) {
  const row = await findReport(db, actor.groupId, await visibleOwners(db, actor), reportId);
  if (!row) throw notFound('报告不存在或已删除');
  return row;
}

export async function reportList(db: Db, actor: Actor, filters: ReportFilters, page: { page: number; size: number }) {
  const { rows, total } = await listReports(
    db,
    actor.groupId,
    await visibleOwners(db, actor),
    { ...filters, userId: actor.userId },
    page,
  );
  return { list: rows.map((row) => presentReport(row, actor.userId)), total, page: page.page, size: page.size };
}

/** A report being generated cannot be deleted: its job would write into nothing. */
export async function deleteReport(
  db: Db,
  actor: Actor,
  reportId: number,
  onDeleted: (pdfKey: string | null) => Promise<void>,
) {
  const row = await requireReport(db, actor, reportId);
  if (row.status === 'queued' || row.status === 'analysing')
    throw new AppError('CONFLICT', '报告正在生成，完成后才能删除');
  await db.deleteFrom('reports').where('id', '=', reportId).execute();
  await onDeleted(row.pdf_key);
}

export async function markRead(db: Db, actor: Actor, ids: number[] | 'all') {
  let query = db
    .updateTable('reports')
    .set({ read_at: sql`now()` })
    .where('group_id', '=', actor.groupId)
    .where('created_by', '=', actor.userId)
    .where('read_at', 'is', null)
    .where('status', 'in', ['done', 'failed']);
  if (ids !== 'all') query = query.where('id', 'in', ids.length > 0 ? ids : [0]);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

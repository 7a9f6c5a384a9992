import { reportKindByReportType } from '@taxlens/shared';
import type { Selectable } from 'kysely';
import { sql } from 'kysely';
import type { Db, DbOrTx } from '../../../db/kysely.js';
import type { ReportsTable } from '../../../db/tables/reports.js';
import { publishEvent } from '../../../plugins/realtime.js';
import { refundCharge } from '../../billing/charges.service.js';
import { storeNotice } from '../../notifications/notifications.repo.js';

export type ReportRow = Selectable<ReportsTable>;

/** The socket payload of spec §3 for one report: type, report name, company; the caller adds the rest. */
export function reportEvent(report: ReportRow) {
  const name = reportKindByReportType(report.report_type)?.name ?? '报告';
  return {
    name,
    target: { userIds: [report.created_by] },
    event: {
      msgType: report.report_type,
      reportType: report.report_type,
      reportId: report.id,
      report: { name },
      taxpayerName: report.company_name,
    },
  };
}

/** Keeps the report's news in its creator's header list (issue 19), beside the socket event. */
export async function storeReportNotice(db: DbOrTx, report: ReportRow, status: 'done' | 'failed'): Promise<void> {
  const { name } = reportEvent(report);
  await storeNotice(db, { groupId: report.group_id, userIds: [report.created_by] }, report.report_type, {
    id: Number(report.id),
    taxNo: report.company_tax_no,
    taxpayerName: report.company_name,
    firmId: report.company_id === null ? null : Number(report.company_id),
    reportName: name,
    status,
  });
}

/**
 * Gives a report up: marks it failed and refunds its charge in one transaction, then tells its
 * creator. Only a report still queued or analysing changes, so a report failed by the worker and
 * by the stale sweep at once is refunded once; returns whether this call failed it.
 */
export async function failReport(db: Db, report: ReportRow, reason: string): Promise<boolean> {
  const failed = await db.transaction().execute(async (tx) => {
    const changed = await tx
      .updateTable('reports')
      .set({
        status: 'failed',
        failure_reason: `生成失败：${reason}。费用已退回。`,
        refunded: report.charge_id !== null,
        finished_at: sql`now()`,
      })
      .where('id', '=', report.id)
      .where('status', 'in', ['queued', 'analysing'])
      .returning('id')
      .executeTakeFirst();
    if (!changed) return false;
    await storeReportNotice(tx, report, 'failed');
    if (report.charge_id !== null) {
      await refundCharge(tx, {
        groupId: report.group_id,
        chargeId: report.charge_id,
        reason: '报告生成失败，自动退回',
        actorId: null,
      });
    }
    return true;
  });
  if (failed) {
    const { name, target, event } = reportEvent(report);
    await publishEvent(db, target, {
      ...event,
      msg: `${report.company_name}的${name}生成失败，费用已退回`,
      status: 'failed',
    });
  }
  return failed;
}

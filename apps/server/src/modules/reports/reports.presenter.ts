import { maskPhone, type ReportItem, reportKindByReportType } from '@taxlens/shared';
import type { ReportRow } from './reports.repo.js';

const PAID_WITH_LABEL = (row: ReportRow): string | null => {
  if (row.paid_with === null || row.paid_with === undefined) return null;
  if (row.paid_with === 0)
    return Number(row.charge_amount) === 0 ? '免费' : `余额 ${(Number(row.charge_amount) / 100).toFixed(2)} 元`;
  return '次数 1 次';
};

/**
 * `viewerId`: who is looking. Unread is the requester's state (the notification, the header badge
 * and markRead are theirs), so a supervisor's view of a staff member's report is never 'unread'
 * for the supervisor, who could not clear it.
 */
export function presentReport(row: ReportRow, viewerId: number | null): ReportItem {
  return {
    id: row.id,
    reportType: row.report_type,
    reportName: reportKindByReportType(row.report_type)?.name ?? row.report_type,
    firmId: row.company_id,
    taxpayerName: row.company_name,
    taxNo: row.company_tax_no,
    periodStart: row.period_start,
    periodEnd: row.period_end,
    status: row.status,
    failureReason: row.status === 'failed' ? row.failure_reason : null,
    overallLevel: row.overall_level,
    highCount: row.high_count,
    mediumCount: row.medium_count,
    lowCount: row.low_count,
    score: row.score ?? null,
    categoryCounts: row.category_counts ?? null,
    paidWith: PAID_WITH_LABEL(row),
    refunded: row.refunded,
    creator: row.creator_name ?? (row.creator_phone ? maskPhone(row.creator_phone) : null),
    read: row.read_at !== null || row.created_by !== viewerId,
    createTime: row.created_at.toISOString(),
    finishTime: row.finished_at ? new Date(row.finished_at).toISOString() : null,
  };
}

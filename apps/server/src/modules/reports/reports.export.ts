import {
  FINDING_LEVEL_LABELS,
  formatDateTime,
  REPORT_STATUS_LABELS,
  type ReportItem,
  TAX_CATEGORY_COUNT_LABELS,
  type TaxCategoryCounts,
} from '@taxlens/shared';
import type { Db } from '../../db/kysely.js';
import { buildXlsx } from '../../lib/xlsx-export.js';
import type { Actor } from '../accounts/accounts.policy.js';
import type { ReportFilters } from './reports.repo.js';
import { reportList } from './reports.service.js';

/** One export holds at most this many reports, newest first; the filters narrow a larger history. */
export const REPORT_EXPORT_MAX_ROWS = 10_000;

const periodText = (row: ReportItem) =>
  row.periodStart === row.periodEnd ? row.periodStart : `${row.periodStart} 至 ${row.periodEnd}`;

/** The history list as an Excel sheet, with the same visibility and filters as the page. */
export async function exportReports(db: Db, actor: Actor, filters: ReportFilters): Promise<Buffer> {
  const { list } = await reportList(db, actor, filters, { page: 1, size: REPORT_EXPORT_MAX_ROWS });
  return buildXlsx<ReportItem>(
    '报告列表',
    [
      { header: '报告名称', width: 26, value: (row) => row.reportName },
      { header: '企业名称', width: 36, value: (row) => row.taxpayerName },
      { header: '纳税人识别号', width: 22, value: (row) => row.taxNo },
      { header: '检测期间', width: 22, value: periodText },
      { header: '状态', value: (row) => REPORT_STATUS_LABELS[row.status] },
      {
        header: '风险等级',
        value: (row) =>
          row.overallLevel && row.overallLevel in FINDING_LEVEL_LABELS
            ? FINDING_LEVEL_LABELS[row.overallLevel as keyof typeof FINDING_LEVEL_LABELS]
            : '-',
      },
      { header: '高风险', width: 10, value: (row) => row.highCount },
      { header: '中风险', width: 10, value: (row) => row.mediumCount },
      { header: '低风险', width: 10, value: (row) => row.lowCount },
      { header: '综合得分', width: 10, value: (row) => row.score ?? '-' },
      ...(Object.entries(TAX_CATEGORY_COUNT_LABELS) as [keyof TaxCategoryCounts, string][]).map(([field, label]) => ({
        header: label,
        width: 12,
        value: (row: ReportItem) => row.categoryCounts?.[field] ?? '-',
      })),
      {
        header: '付费方式',
        value: (row) => (row.refunded ? `${row.paidWith ?? ''}（已退回）` : (row.paidWith ?? '-')),
      },
      { header: '创建人', value: (row) => row.creator ?? '-' },
      { header: '创建时间', width: 20, value: (row) => formatDateTime(row.createTime) },
      { header: '完成时间', width: 20, value: (row) => formatDateTime(row.finishTime) },
      { header: '失败原因', width: 30, value: (row) => row.failureReason ?? '' },
    ],
    list,
  );
}

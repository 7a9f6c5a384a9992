import { CLIENT_RISK_LEVEL_LABELS, type ClientRiskLevel, type StaffRow, type StaleClient } from '@taxlens/shared';
import { sql } from 'kysely';
import type { DbOrTx } from '../../db/kysely.js';
import { buildXlsx } from '../../lib/xlsx-export.js';
import { type AnalysisScope, lastImports, staffName, visibleClients } from './client-analysis.scope.js';

/** Export row limit: a firm's whole client list fits; beyond it the page's filters narrow it. */
export const STALE_EXPORT_LIMIT = 10_000;

const IMPORT_KIND_LABELS: Readonly<Record<string, string>> = {
  invoice: '发票',
  statement: '财务报表',
  return: '纳税申报表',
  deduction: '进项抵扣',
  payroll: '工资薪金',
};

/**
 * Clients whose latest finished import is older than the limit, or who never had one: never
 * first, then the longest-silent. Each row carries the latest finished report (of any period),
 * so the list says what the client's risk was when last looked at.
 */
export async function staleClients(
  db: DbOrTx,
  scope: AnalysisScope,
  options: { page: number; size: number; keyword?: string },
): Promise<{ list: StaleClient[]; total: number; page: number; size: number }> {
  const keyword = options.keyword
    ? sql`AND (c.taxpayer_name LIKE ${`%${options.keyword.replace(/[%_\\]/g, '\\$&')}%`}
        OR c.tax_no LIKE ${`%${options.keyword.toUpperCase().replace(/[%_\\]/g, '\\$&')}%`})`
    : sql``;
  const rows = await sql<{
    company_id: string;
    taxpayer_name: string;
    tax_no: string;
    assignee_id: string | null;
    nick_name: string | null;
    phone: string | null;
    last_import_on: string | null;
    kind: string | null;
    days_since: number | null;
    last_report_on: string | null;
    overall_level: string | null;
    total: string;
  }>`WITH vc AS (${visibleClients(scope)}), li AS (${lastImports(scope)}),
    page AS (
      SELECT c.id, c.taxpayer_name, c.tax_no, c.assignee_id, li.at, li.kind, count(*) OVER () AS total
      FROM li JOIN companies c ON c.id = li.company_id
      WHERE li.stale ${keyword}
      ORDER BY li.at ASC NULLS FIRST, c.id
      LIMIT ${options.size} OFFSET ${(options.page - 1) * options.size})
    -- The latest report is looked up for the rows of the page only.
    SELECT p.id AS company_id, p.taxpayer_name, p.tax_no, p.assignee_id, u.nick_name, u.phone,
      to_char(p.at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD') AS last_import_on, p.kind,
      ((now() AT TIME ZONE 'Asia/Shanghai')::date - (p.at AT TIME ZONE 'Asia/Shanghai')::date) AS days_since,
      to_char(lr.created_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD') AS last_report_on, lr.overall_level,
      p.total
    FROM page p
    LEFT JOIN users u ON u.id = p.assignee_id
    LEFT JOIN LATERAL (
      SELECT r.created_at, r.overall_level FROM reports r
      WHERE r.company_id = p.id AND r.group_id = ${scope.groupId} AND r.status = 'done' AND r.overall_level IS NOT NULL
      ORDER BY r.created_at DESC, r.id DESC LIMIT 1) lr ON true
    ORDER BY p.at ASC NULLS FIRST, p.id`.execute(db);
  return {
    list: rows.rows.map((row) => ({
      companyId: Number(row.company_id),
      companyName: row.taxpayer_name,
      taxNo: row.tax_no,
      assigneeName: staffName(row),
      lastImportOn: row.last_import_on,
      lastImportKind: row.kind ? (IMPORT_KIND_LABELS[row.kind] ?? row.kind) : null,
      daysSince: row.days_since === null ? null : Number(row.days_since),
      lastReportOn: row.last_report_on,
      lastReportLevel: (row.overall_level ?? 'unreported') as ClientRiskLevel,
    })),
    total: Number(rows.rows[0]?.total ?? 0),
    page: options.page,
    size: options.size,
  };
}

/** The stale-client list as Excel, with the same order and columns as the page. */
export function staleClientsXlsx(rows: StaleClient[], staleDays: number): Promise<Buffer> {
  return buildXlsx(
    `超过${staleDays}天未更新`,
    [
      { header: '企业名称', width: 34, value: (row) => row.companyName },
      { header: '纳税人识别号', width: 22, value: (row) => row.taxNo },
      { header: '负责人', width: 14, value: (row) => row.assigneeName },
      { header: '最近导入日期', width: 14, value: (row) => row.lastImportOn ?? '从未导入' },
      { header: '最近导入类型', width: 14, value: (row) => row.lastImportKind ?? '-' },
      { header: '距今天数', width: 10, value: (row) => row.daysSince },
      { header: '最近报告日期', width: 14, value: (row) => row.lastReportOn ?? '-' },
      { header: '最近报告风险等级', width: 16, value: (row) => CLIENT_RISK_LEVEL_LABELS[row.lastReportLevel] },
    ],
    rows,
  );
}

/** The by-staff table as Excel; the period and kind are in the file name the route gives. */
export function staffXlsx(rows: StaffRow[]): Promise<Buffer> {
  return buildXlsx(
    '按员工统计',
    [
      { header: '负责人', width: 16, value: (row) => row.name },
      { header: '客户数', width: 10, value: (row) => row.clients },
      { header: '期间内出具报告的客户数', width: 22, value: (row) => row.reportedClients },
      { header: '报告数', width: 10, value: (row) => row.reports },
      { header: '高风险客户数', width: 14, value: (row) => row.highRiskClients },
      { header: '数据未更新客户数', width: 16, value: (row) => row.staleClients },
    ],
    rows,
  );
}

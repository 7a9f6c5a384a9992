import {
  CLIENT_RISK_LEVEL_LABELS,
  CLIENT_RISK_LEVELS,
  type ClientAnalysis,
  type ClientRiskLevel,
  REPORT_KINDS,
  type StaffRow,
} from '@taxlens/shared';
import { sql } from 'kysely';
import type { DbOrTx } from '../../db/kysely.js';
import { type AnalysisScope, lastImports, periodReports, staffName, visibleClients } from './client-analysis.scope.js';

const TOP_RISKS = 10;
const n = (value: unknown) => Number(value ?? 0);

/** The CTEs every figure starts from: clients in scope, their reports of the period, their last import. */
function withScope(scope: AnalysisScope) {
  return sql`WITH vc AS (${visibleClients(scope)}),
    pr AS (${periodReports(scope)}),
    li AS (${lastImports(scope)}),
    latest AS (
      SELECT DISTINCT ON (company_id) company_id, overall_level FROM pr
      WHERE overall_level IS NOT NULL ORDER BY company_id, created_at DESC, id DESC)`;
}

/**
 * findReportRisk: the portfolio figures of the clients in scope. Each figure is one small query
 * over the same CTEs, run together; a client counts once per figure whatever its report count.
 */
export async function clientAnalysis(db: DbOrTx, scope: AnalysisScope): Promise<ClientAnalysis> {
  const head = withScope(scope);
  const [summary, levels, months, risks, staff] = await Promise.all([
    sql<Record<string, string>>`${head}
      SELECT (SELECT count(*) FROM vc) AS clients,
        (SELECT count(DISTINCT company_id) FROM pr) AS reported_clients,
        (SELECT count(*) FROM pr) AS reports,
        (SELECT count(*) FROM latest WHERE overall_level = 'high') AS high_risk_clients,
        (SELECT count(*) FROM li WHERE stale) AS stale_clients,
        (SELECT count(*) FROM li WHERE at IS NULL) AS never_imported`.execute(db),
    sql<{ level: string; count: string }>`${head}
      SELECT coalesce(latest.overall_level, 'unreported') AS level, count(*) AS count
      FROM vc LEFT JOIN latest ON latest.company_id = vc.id GROUP BY 1`.execute(db),
    sql<{ month: string; report_type: string; count: string }>`${head}
      SELECT to_char(created_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM') AS month, report_type, count(*) AS count
      FROM pr GROUP BY 1, 2`.execute(db),
    // Each client's latest report of each kind: a finding its older reports raised is not counted again.
    sql<{ title: string; clients: string; high_clients: string }>`${head},
      last_of_kind AS (
        SELECT DISTINCT ON (company_id, report_type) company_id, result FROM pr
        ORDER BY company_id, report_type, created_at DESC, id DESC)
      SELECT f.value ->> 'title' AS title, count(DISTINCT k.company_id) AS clients,
        count(DISTINCT k.company_id) FILTER (WHERE f.value ->> 'level' = 'high') AS high_clients
      FROM last_of_kind k, jsonb_array_elements(coalesce(k.result -> 'findings', '[]'::jsonb)) f
      WHERE f.value ->> 'level' IN ('high', 'medium', 'low') AND coalesce(f.value ->> 'title', '') <> ''
      GROUP BY 1 ORDER BY 2 DESC, 3 DESC, 1 LIMIT ${TOP_RISKS}`.execute(db),
    staffRows(db, scope),
  ]);

  const totals = summary.rows[0] ?? {};
  const levelCounts = new Map(levels.rows.map((row) => [row.level, n(row.count)]));
  const kinds = REPORT_KINDS.filter((kind) => !scope.reportType || kind.reportType === scope.reportType);
  const monthly = new Map<string, Record<string, number>>();
  for (const row of months.rows) {
    const counts = monthly.get(row.month) ?? {};
    counts[row.report_type] = n(row.count);
    monthly.set(row.month, counts);
  }
  return {
    period: { from: scope.from, to: scope.to },
    staleDays: scope.staleDays,
    summary: {
      clients: n(totals.clients),
      reportedClients: n(totals.reported_clients),
      reports: n(totals.reports),
      highRiskClients: n(totals.high_risk_clients),
      staleClients: n(totals.stale_clients),
      neverImported: n(totals.never_imported),
    },
    riskLevels: CLIENT_RISK_LEVELS.map((level: ClientRiskLevel) => ({
      level,
      label: CLIENT_RISK_LEVEL_LABELS[level],
      count: levelCounts.get(level) ?? 0,
    })),
    byKind: kinds.map((kind) => ({
      reportType: kind.reportType,
      name: kind.name,
      count: months.rows
        .filter((row) => row.report_type === kind.reportType)
        .reduce((sum, row) => sum + n(row.count), 0),
    })),
    byMonth: scope.months.map((month) => {
      const counts = monthly.get(month) ?? {};
      return { month, counts, total: Object.values(counts).reduce((sum, value) => sum + value, 0) };
    }),
    topRisks: risks.rows.map((row) => ({
      title: row.title,
      clients: n(row.clients),
      highClients: n(row.high_clients),
    })),
    byStaff: staff,
  };
}

/** One row per assignee of the clients in scope (and one for the unassigned), most clients first. */
export async function staffRows(db: DbOrTx, scope: AnalysisScope): Promise<StaffRow[]> {
  const rows = await sql<{
    assignee_id: string | null;
    nick_name: string | null;
    phone: string | null;
    clients: string;
    reported_clients: string;
    reports: string;
    high_risk_clients: string;
    stale_clients: string;
  }>`${withScope(scope)},
    -- Counted once and joined: a count per client over the CTE would scan it once per client.
    counted AS (SELECT company_id, count(*) AS n FROM pr GROUP BY company_id),
    per_client AS (
      SELECT vc.id, vc.assignee_id, coalesce(counted.n, 0) AS reports, latest.overall_level, li.stale
      FROM vc LEFT JOIN counted ON counted.company_id = vc.id
      LEFT JOIN latest ON latest.company_id = vc.id JOIN li ON li.company_id = vc.id)
    SELECT p.assignee_id, u.nick_name, u.phone, count(*) AS clients,
      count(*) FILTER (WHERE p.reports > 0) AS reported_clients, sum(p.reports) AS reports,
      count(*) FILTER (WHERE p.overall_level = 'high') AS high_risk_clients,
      count(*) FILTER (WHERE p.stale) AS stale_clients
    FROM per_client p LEFT JOIN users u ON u.id = p.assignee_id
    GROUP BY p.assignee_id, u.nick_name, u.phone
    ORDER BY count(*) DESC, p.assignee_id NULLS LAST`.execute(db);
  return rows.rows.map((row) => ({
    assigneeId: row.assignee_id === null ? null : Number(row.assignee_id),
    name: staffName(row),
    clients: n(row.clients),
    reportedClients: n(row.reported_clients),
    reports: n(row.reports),
    highRiskClients: n(row.high_risk_clients),
    staleClients: n(row.stale_clients),
  }));
}

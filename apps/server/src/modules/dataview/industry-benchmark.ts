import { PLATFORM_MIN_GROUPS, type PlatformBenchmark } from '@taxlens/shared';
import { sql } from 'kysely';
import type { DbOrTx } from '../../db/kysely.js';
import { latestReports, SECTION_OF_CLIENT } from './latest-reports.js';

/**
 * Platform benchmarks of the industry page. Two rules keep one group's clients out of another's view:
 * - k-anonymity: a section (or a month of a section) gets a figure only when at least
 *   PLATFORM_MIN_GROUPS distinct groups have clients with a report in it; the HAVING clause drops
 *   the others inside the database, so no smaller aggregate ever reaches the server's memory;
 * - no dominance: the figure is the plain mean of each group's own figure, so a group with a
 *   thousand clients weighs the same as one with three and cannot make the benchmark its own.
 */

export interface BenchmarkWindow {
  from: string;
  reportType?: string | undefined;
}

const round1 = (value: unknown) => Math.round(Number(value) * 10) / 10;
const round2 = (value: unknown) => Math.round(Number(value) * 100) / 100;

/** Per section: the mean over contributing groups of each group's shares and average risk items. */
export async function platformBenchmarks(db: DbOrTx, window: BenchmarkWindow): Promise<Map<string, PlatformBenchmark>> {
  const { rows } = await sql<{
    section: string;
    groups: string;
    high: string;
    medium: string;
    low: string;
    none: string;
    findings: string;
  }>`
    WITH latest AS (${latestReports({ from: window.from, reportType: window.reportType })}),
    per_group AS (
      SELECT l.group_id, ${SECTION_OF_CLIENT} AS section,
        avg((l.overall_level = 'high')::int) AS high, avg((l.overall_level = 'medium')::int) AS medium,
        avg((l.overall_level = 'low')::int) AS low, avg((l.overall_level = 'none')::int) AS none,
        avg(l.findings) AS findings
      FROM latest l
      JOIN companies c ON c.id = l.company_id
      LEFT JOIN cd_companies cd ON cd.credit_code = c.tax_no
      GROUP BY 1, 2
    )
    SELECT section, count(*) AS groups, avg(high) AS high, avg(medium) AS medium, avg(low) AS low,
      avg(none) AS none, avg(findings) AS findings
    FROM per_group
    WHERE section <> '-'
    GROUP BY section
    HAVING count(*) >= ${PLATFORM_MIN_GROUPS}`.execute(db);
  return new Map(
    rows.map((row) => [
      row.section,
      {
        groups: Number(row.groups),
        highShare: round1(Number(row.high) * 100),
        mediumShare: round1(Number(row.medium) * 100),
        lowShare: round1(Number(row.low) * 100),
        noneShare: round1(Number(row.none) * 100),
        avgFindings: round2(row.findings),
      },
    ]),
  );
}

export interface MonthBenchmark {
  groups: number;
  highShare: number;
  avgFindings: number;
}

/** Per month of the window, one section or all: the same mean of group figures, same minimum. */
export async function platformMonthBenchmarks(
  db: DbOrTx,
  window: BenchmarkWindow & { section?: string | undefined },
): Promise<Map<string, MonthBenchmark>> {
  const { rows } = await sql<{ month: string; groups: string; high: string; findings: string }>`
    WITH latest AS (${latestReports({ from: window.from, reportType: window.reportType, byMonth: true })}),
    per_group AS (
      SELECT l.group_id, l.month, avg((l.overall_level = 'high')::int) AS high, avg(l.findings) AS findings
      FROM latest l
      JOIN companies c ON c.id = l.company_id
      LEFT JOIN cd_companies cd ON cd.credit_code = c.tax_no
      ${window.section ? sql`WHERE ${SECTION_OF_CLIENT} = ${window.section}` : sql``}
      GROUP BY 1, 2
    )
    SELECT month, count(*) AS groups, avg(high) AS high, avg(findings) AS findings
    FROM per_group
    GROUP BY month
    HAVING count(*) >= ${PLATFORM_MIN_GROUPS}`.execute(db);
  return new Map(
    rows.map((row) => [
      row.month,
      { groups: Number(row.groups), highShare: round1(Number(row.high) * 100), avgFindings: round2(row.findings) },
    ]),
  );
}

export { round1, round2 };

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

/** Benchmarks kept this long while no report has finished since (the same for every viewer). */
const CACHE_MS = 5 * 60_000;
const cache = new Map<string, { at: number; value: Promise<unknown> }>();

/**
 * Platform figures read every finished report of the window, the same answer for every group: kept
 * for CACHE_MS and recomputed as soon as a report finishes (the newest finished_at is part of the
 * key, one index look-up). A company's industry edited meanwhile shows within CACHE_MS.
 */
async function cached<T>(db: DbOrTx, key: string, compute: () => Promise<T>): Promise<T> {
  const { rows } = await sql<{ latest: string | null }>`
    SELECT max(finished_at)::text AS latest FROM reports WHERE status = 'done'`.execute(db);
  const full = `${key}|${rows[0]?.latest ?? ''}`;
  const now = Date.now();
  for (const [stored, entry] of cache) if (now - entry.at > CACHE_MS) cache.delete(stored);
  const hit = cache.get(full);
  if (hit) return hit.value as Promise<T>;
  const value = compute();
  cache.set(full, { at: now, value });
  value.catch(() => cache.delete(full));
  return value;
}

export interface BenchmarkWindow {
  from: string;
  reportType?: string | undefined;
}

const round1 = (value: unknown) => Math.round(Number(value) * 10) / 10;
const round2 = (value: unknown) => Math.round(Number(value) * 100) / 100;

/** Per section: the mean over contributing groups of each group's shares and average risk items. */
export function platformBenchmarks(db: DbOrTx, window: BenchmarkWindow): Promise<Map<string, PlatformBenchmark>> {
  return cached(db, `sections|${window.from}|${window.reportType ?? ''}`, () => computeBenchmarks(db, window));
}

async function computeBenchmarks(db: DbOrTx, window: BenchmarkWindow): Promise<Map<string, PlatformBenchmark>> {
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
export function platformMonthBenchmarks(
  db: DbOrTx,
  window: BenchmarkWindow & { section?: string | undefined },
): Promise<Map<string, MonthBenchmark>> {
  const key = `months|${window.from}|${window.reportType ?? ''}|${window.section ?? ''}`;
  return cached(db, key, () => computeMonthBenchmarks(db, window));
}

async function computeMonthBenchmarks(
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

import {
  INDUSTRY_SECTIONS,
  type IndustryOption,
  type IndustryQuery,
  type IndustryRanking,
  type IndustryRankingRow,
  type IndustryTrend,
  type IndustryTrendQuery,
  industrySectionName,
  MAX_FOLLOWED_INDUSTRIES,
  PLATFORM_MIN_GROUPS,
  UNCLASSIFIED_INDUSTRY,
} from '@taxlens/shared';
import { sql } from 'kysely';
import type { Db, DbOrTx } from '../../db/kysely.js';
import { AppError } from '../../lib/app-error.js';
import type { Actor } from '../accounts/accounts.policy.js';
import { visibleOwners } from '../companies/companies.policy.js';
import { platformBenchmarks, platformMonthBenchmarks, round1, round2 } from './industry-benchmark.js';
import { latestReports, visibleClients, windowMonths, windowStart } from './latest-reports.js';

/** Risk items listed per industry in the ranking. */
const TOP_ITEMS = 3;

const sectionName = (code: string) => (code === UNCLASSIFIED_INDUSTRY ? '未分类' : industrySectionName(code));
const share = (part: number, whole: number) => (whole === 0 ? 0 : round1((part / whole) * 100));

async function followedCodes(db: DbOrTx, groupId: number): Promise<Set<string>> {
  const rows = await db
    .selectFrom('data_view_industries')
    .select('industry_code')
    .where('group_id', '=', groupId)
    .execute();
  return new Set(rows.map((row) => row.industry_code));
}

/** findIndustryAll: the 20 sections with the user's client count and whether the group follows each. */
export async function industryOptions(db: Db, actor: Actor): Promise<IndustryOption[]> {
  const owners = await visibleOwners(db, actor);
  const [counts, followed] = await Promise.all([
    db
      .selectFrom(visibleClients(db, actor.groupId, owners).as('v'))
      .select(['v.section', sql<string>`count(*)`.as('n')])
      .groupBy('v.section')
      .execute(),
    followedCodes(db, actor.groupId),
  ]);
  const countOf = new Map(counts.map((row) => [row.section, Number(row.n)]));
  return INDUSTRY_SECTIONS.map((section) => ({
    code: section.code,
    name: section.name,
    followed: followed.has(section.code),
    clientCount: countOf.get(section.code) ?? 0,
  }));
}

/** increaseIndustry: the group follows one more section (at most MAX_FOLLOWED_INDUSTRIES). */
export async function followIndustry(db: Db, actor: Actor, industryCode: string): Promise<{ followed: string[] }> {
  return db.transaction().execute(async (tx) => {
    // The group row lock keeps two simultaneous adds from passing the limit together.
    await tx.selectFrom('groups').select('id').where('id', '=', actor.groupId).forUpdate().executeTakeFirstOrThrow();
    const followed = await followedCodes(tx, actor.groupId);
    if (followed.has(industryCode)) throw new AppError('CONFLICT', `已关注「${industrySectionName(industryCode)}」`);
    if (followed.size >= MAX_FOLLOWED_INDUSTRIES) {
      throw new AppError('CONFLICT', `最多关注 ${MAX_FOLLOWED_INDUSTRIES} 个行业，请先取消关注其他行业`);
    }
    await tx
      .insertInto('data_view_industries')
      .values({ group_id: actor.groupId, industry_code: industryCode, created_by: actor.userId })
      .execute();
    return { followed: [...followed, industryCode].sort() };
  });
}

/** decreaseIndustry: the group stops following a section. */
export async function unfollowIndustry(db: Db, actor: Actor, industryCode: string): Promise<{ followed: string[] }> {
  const removed = await db
    .deleteFrom('data_view_industries')
    .where('group_id', '=', actor.groupId)
    .where('industry_code', '=', industryCode)
    .executeTakeFirst();
  if (Number(removed.numDeletedRows) === 0) throw new AppError('NOT_FOUND', '未关注该行业');
  return { followed: [...(await followedCodes(db, actor.groupId))].sort() };
}

interface GroupRow {
  section: string;
  clients: string;
  reported: string;
  high: string;
  medium: string;
  low: string;
  none: string;
  findings: string | null;
}

/**
 * The industry risk ranking over the user's clients: per section, clients, the latest report's level
 * shares, average risk items and the most frequent risk items; riskiest first (high share, then
 * medium share, then average items). Each row carries the platform benchmark or null (样本不足).
 */
export async function industryRanking(db: Db, actor: Actor, query: IndustryQuery): Promise<IndustryRanking> {
  const owners = await visibleOwners(db, actor);
  const from = windowStart(query.months);
  const window = { from, reportType: query.reportType, groupId: actor.groupId };
  const clients = visibleClients(db, actor.groupId, owners);
  const [groupRows, itemRows, benchmarks, followed] = await Promise.all([
    sql<GroupRow>`
      WITH clients AS (${clients}), latest AS (${latestReports(window)})
      SELECT k.section, count(*) AS clients, count(l.company_id) AS reported,
        count(*) FILTER (WHERE l.overall_level = 'high') AS high,
        count(*) FILTER (WHERE l.overall_level = 'medium') AS medium,
        count(*) FILTER (WHERE l.overall_level = 'low') AS low,
        count(*) FILTER (WHERE l.overall_level = 'none') AS none,
        avg(l.findings) AS findings
      FROM clients k LEFT JOIN latest l ON l.company_id = k.id
      GROUP BY k.section`.execute(db),
    sql<{ section: string; title: string; clients: string }>`
      WITH clients AS (${clients}), latest AS (${latestReports(window)})
      SELECT k.section, f.item->>'title' AS title, count(DISTINCT k.id) AS clients
      FROM clients k
      JOIN latest l ON l.company_id = k.id
      CROSS JOIN LATERAL jsonb_array_elements(coalesce(l.result->'findings', '[]'::jsonb)) AS f(item)
      WHERE f.item->>'level' IN ('high', 'medium', 'low') AND f.item->>'title' <> ''
      GROUP BY 1, 2`.execute(db),
    platformBenchmarks(db, { from, reportType: query.reportType }),
    followedCodes(db, actor.groupId),
  ]);
  const items = new Map<string, { title: string; clients: number }[]>();
  for (const row of itemRows.rows) {
    const list = items.get(row.section) ?? [];
    list.push({ title: row.title, clients: Number(row.clients) });
    items.set(row.section, list);
  }
  const rows = groupRows.rows.map((row): Omit<IndustryRankingRow, 'rank'> => {
    const reported = Number(row.reported);
    const [high, medium, low, none] = [row.high, row.medium, row.low, row.none].map(Number) as [
      number,
      number,
      number,
      number,
    ];
    return {
      code: row.section,
      name: sectionName(row.section),
      followed: followed.has(row.section),
      clientCount: Number(row.clients),
      reportedCount: reported,
      highCount: high,
      mediumCount: medium,
      lowCount: low,
      highShare: share(high, reported),
      mediumShare: share(medium, reported),
      lowShare: share(low, reported),
      noneShare: share(none, reported),
      avgFindings: row.findings === null ? 0 : round2(row.findings),
      topRiskItems: (items.get(row.section) ?? [])
        .sort((a, b) => b.clients - a.clients || a.title.localeCompare(b.title, 'zh-CN'))
        .slice(0, TOP_ITEMS),
      benchmark: benchmarks.get(row.section) ?? null,
    };
  });
  rows.sort(
    (a, b) =>
      b.highShare - a.highShare ||
      b.mediumShare - a.mediumShare ||
      b.avgFindings - a.avgFindings ||
      b.clientCount - a.clientCount ||
      a.code.localeCompare(b.code),
  );
  return {
    months: query.months,
    from,
    reportType: query.reportType ?? null,
    minGroups: PLATFORM_MIN_GROUPS,
    rows: rows.map((row, index) => ({ rank: index + 1, ...row })),
  };
}

/** Month by month: the user's clients' high-risk share and average risk items, beside the platform's. */
export async function industryTrend(db: Db, actor: Actor, query: IndustryTrendQuery): Promise<IndustryTrend> {
  const owners = await visibleOwners(db, actor);
  const from = windowStart(query.months);
  const section = query.industryCode;
  const [own, platform] = await Promise.all([
    sql<{ month: string; reports: string; high: string; findings: string }>`
      WITH clients AS (${visibleClients(db, actor.groupId, owners)}),
        latest AS (${latestReports({ from, reportType: query.reportType, groupId: actor.groupId, byMonth: true })})
      SELECT l.month, count(*) AS reports, count(*) FILTER (WHERE l.overall_level = 'high') AS high,
        avg(l.findings) AS findings
      FROM latest l JOIN clients k ON k.id = l.company_id
      ${section ? sql`WHERE k.section = ${section}` : sql``}
      GROUP BY l.month`.execute(db),
    platformMonthBenchmarks(db, { from, reportType: query.reportType, section }),
  ]);
  const ownOf = new Map(own.rows.map((row) => [row.month, row]));
  return {
    industryCode: section ?? null,
    minGroups: PLATFORM_MIN_GROUPS,
    points: windowMonths(query.months).map((month) => {
      const mine = ownOf.get(month);
      const reports = Number(mine?.reports ?? 0);
      const bench = platform.get(month);
      return {
        month,
        reports,
        highShare: mine ? share(Number(mine.high), reports) : null,
        avgFindings: mine ? round2(mine.findings) : null,
        benchmarkHighShare: bench?.highShare ?? null,
        benchmarkAvgFindings: bench?.avgFindings ?? null,
        benchmarkGroups: bench?.groups ?? null,
      };
    }),
  };
}

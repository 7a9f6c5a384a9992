import { industrySectionName, MONITOR_KINDS, type MonitoredCompany, type MonitoringNum } from '@taxlens/shared';
import { sql } from 'kysely';
import type { Db, DbOrTx } from '../../db/kysely.js';
import type { MonitorKind } from '../../db/tables/data-view.js';
import { AppError } from '../../lib/app-error.js';
import type { Actor } from '../accounts/accounts.policy.js';
import { companyDataProvider } from '../companydata/company-data.js';
import { checkMonitored } from './monitoring-run.js';

/**
 * Monitoring of spec §7 (/api/DataAnalysisMonitoring): a group monitors up to its slots
 * (groups.monitor_slots, set by the operator); every user of the group with monitoringAnalyze sees
 * the same list, as the slots are the group's.
 */

export async function monitoringNum(db: DbOrTx, groupId: number): Promise<MonitoringNum> {
  const row = await db
    .selectFrom('groups as g')
    .select([
      'g.monitor_slots',
      (eb) =>
        eb
          .selectFrom('monitored_companies as m')
          .select(sql<string>`count(*)`.as('n'))
          .whereRef('m.group_id', '=', 'g.id')
          .where('m.removed_at', 'is', null)
          .as('used'),
    ])
    .where('g.id', '=', groupId)
    .executeTakeFirstOrThrow();
  const used = Number(row.used ?? 0);
  return { monitorSlots: row.monitor_slots, used, canUseMonitorNumber: Math.max(row.monitor_slots - used, 0) };
}

interface Subject {
  creditCode: string;
  name: string;
  industryCode: string | null;
  regionCode: string | null;
}

/** Who the code names: the provider's registry first, else a company the group has bound itself. */
async function identify(db: Db, groupId: number, creditCode: string): Promise<Subject | null> {
  const profile = await companyDataProvider(db).profile(creditCode);
  if (profile) {
    return {
      creditCode,
      name: profile.name,
      industryCode: profile.industryCode,
      regionCode: profile.regionCode,
    };
  }
  const own = await db
    .selectFrom('companies')
    .select(['taxpayer_name', 'industry_code', 'region_code'])
    .where('group_id', '=', groupId)
    .where('tax_no', '=', creditCode)
    .executeTakeFirst();
  return own
    ? { creditCode, name: own.taxpayer_name, industryCode: own.industry_code, regionCode: own.region_code }
    : null;
}

/**
 * joinMonitoringList: adds companies within the free slots, all or none. Companies already
 * monitored are left as they are and do not count; a removed one comes back with a new baseline.
 */
export async function joinMonitoring(db: Db, actor: Actor, creditCodes: readonly string[]) {
  const codes = [...new Set(creditCodes)];
  const subjects: Subject[] = [];
  for (const code of codes) {
    const subject = await identify(db, actor.groupId, code);
    if (!subject) throw new AppError('NOT_FOUND', `未找到统一社会信用代码为 ${code} 的企业`);
    subjects.push(subject);
  }
  const added = await db.transaction().execute(async (tx) => {
    // One join at a time per group, so two at once cannot both take the last slot.
    await tx.selectFrom('groups').select('id').where('id', '=', actor.groupId).forUpdate().executeTakeFirstOrThrow();
    const active = await tx
      .selectFrom('monitored_companies')
      .select('credit_code')
      .where('group_id', '=', actor.groupId)
      .where('removed_at', 'is', null)
      .where('credit_code', 'in', codes)
      .execute();
    const already = new Set(active.map((row) => row.credit_code));
    const adding = subjects.filter((subject) => !already.has(subject.creditCode));
    const { canUseMonitorNumber } = await monitoringNum(tx, actor.groupId);
    if (adding.length > canUseMonitorNumber) {
      const over = adding.length - canUseMonitorNumber;
      throw new AppError(
        'CONFLICT',
        `可监控企业数量不足：剩余 ${canUseMonitorNumber} 家，本次添加 ${adding.length} 家，超出 ${over} 家`,
        { canUseMonitorNumber, requested: adding.length, over },
      );
    }
    const ids: number[] = [];
    for (const subject of adding) {
      const row = await tx
        .insertInto('monitored_companies')
        .values({
          group_id: actor.groupId,
          credit_code: subject.creditCode,
          company_name: subject.name,
          industry_code: subject.industryCode,
          region_code: subject.regionCode,
          added_by: actor.userId,
        })
        .onConflict((oc) =>
          oc.columns(['group_id', 'credit_code']).doUpdateSet({
            company_name: subject.name,
            industry_code: subject.industryCode,
            region_code: subject.regionCode,
            added_by: actor.userId,
            added_at: sql`now()`,
            removed_at: null,
            baseline: '{}',
            last_checked_at: null,
          }),
        )
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(Number(row.id));
    }
    return ids;
  });
  // The present state becomes the baseline at once, so the next check reports only what is new.
  await checkMonitored(db, { ids: added, push: false });
  return { added: added.length, skipped: codes.length - added.length };
}

/** The group's monitored company, or 404 (another group's id is "not there"). */
async function requireMonitored(db: DbOrTx, groupId: number, id: number) {
  const row = await db
    .selectFrom('monitored_companies')
    .select(['id', 'switches'])
    .where('id', '=', id)
    .where('group_id', '=', groupId)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', '该企业不在监控列表中');
  return row;
}

/** deleteMonitoring: frees the slots; the history stays readable. */
export async function removeMonitoring(db: Db, actor: Actor, ids: readonly number[]) {
  for (const id of ids) await requireMonitored(db, actor.groupId, id);
  await db
    .updateTable('monitored_companies')
    .set({ removed_at: sql`now()` })
    .where('group_id', '=', actor.groupId)
    .where('id', 'in', [...ids])
    .execute();
  return { removed: ids.length };
}

/** setUpDataSwitch: turns one data kind on or off for a monitored company. */
export async function setDataSwitch(db: Db, actor: Actor, id: number, kind: MonitorKind, enabled: boolean) {
  const row = await requireMonitored(db, actor.groupId, id);
  const current = new Set(row.switches);
  if (enabled) current.add(kind);
  else current.delete(kind);
  const switches = MONITOR_KINDS.filter((name) => current.has(name));
  await db
    .updateTable('monitored_companies')
    .set({ switches: sql<MonitorKind[]>`${sql.val(switches)}::text[]` })
    .where('id', '=', id)
    .execute();
  return { id, switches };
}

export interface MonitoringListQuery {
  page: number;
  size: number;
  keyword?: string;
}

/** findMonitoringList: the group's monitored companies, newest first, with their event counts. */
export async function listMonitoring(db: DbOrTx, groupId: number, query: MonitoringListQuery) {
  let base = db
    .selectFrom('monitored_companies as m')
    .where('m.group_id', '=', groupId)
    .where('m.removed_at', 'is', null);
  if (query.keyword) {
    const like = `%${query.keyword.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    base = base.where((eb) => eb.or([eb('m.company_name', 'like', like), eb('m.credit_code', 'like', like)]));
  }
  const [rows, total] = await Promise.all([
    base
      .select([
        'm.id',
        'm.credit_code',
        'm.company_name',
        'm.industry_code',
        'm.region_code',
        'm.switches',
        'm.added_at',
        'm.last_checked_at',
        sql<string>`(SELECT count(*) FROM monitoring_events e WHERE e.monitored_id = m.id AND e.read_at IS NULL)`.as(
          'unread',
        ),
        sql<string>`(SELECT count(*) FROM monitoring_events e WHERE e.monitored_id = m.id)`.as('events'),
        sql<string | null>`(SELECT e.title FROM monitoring_events e WHERE e.monitored_id = m.id
          ORDER BY e.created_at DESC, e.id DESC LIMIT 1)`.as('latest'),
      ])
      .orderBy('m.added_at', 'desc')
      .orderBy('m.id', 'desc')
      .limit(query.size)
      .offset((query.page - 1) * query.size)
      .execute(),
    base.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  const list: MonitoredCompany[] = rows.map((row) => ({
    id: Number(row.id),
    creditCode: row.credit_code,
    companyName: row.company_name,
    industryCode: row.industry_code,
    industryName: industrySectionName(row.industry_code),
    regionCode: row.region_code,
    switches: row.switches,
    addedAt: row.added_at.toISOString(),
    lastCheckedAt: row.last_checked_at?.toISOString() ?? null,
    unreadCount: Number(row.unread),
    eventCount: Number(row.events),
    latestEvent: row.latest,
  }));
  return { list, total: Number(total.n), page: query.page, size: query.size };
}

/** findJoinMonitoringState: which of these codes the group monitors now. */
export async function joinState(db: DbOrTx, groupId: number, codes: readonly string[]) {
  const rows =
    codes.length === 0
      ? []
      : await db
          .selectFrom('monitored_companies')
          .select(['id', 'credit_code'])
          .where('group_id', '=', groupId)
          .where('removed_at', 'is', null)
          .where('credit_code', 'in', [...codes])
          .execute();
  const byCode = new Map(rows.map((row) => [row.credit_code, Number(row.id)]));
  return codes.map((code) => ({ creditCode: code, joined: byCode.has(code), id: byCode.get(code) ?? null }));
}

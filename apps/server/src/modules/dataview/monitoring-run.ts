import { sql } from 'kysely';
import type { Db } from '../../db/kysely.js';
import type { MonitorBaseline, MonitorKind } from '../../db/tables/data-view.js';
import { companyDataProvider } from '../companydata/company-data.js';
import { type Fact, latestInvoiceReadings, observeCompany } from './monitoring-check.js';
import { pushDataPrice } from './monitoring-push.js';

/** Monitored companies read per round, and checked at once within a round. */
const BATCH = 500;
const PARALLEL = 8;

export interface CheckOptions {
  /** Only these monitored companies (a join's first baseline); all active ones when absent. */
  ids?: readonly number[];
  /** Send each group with new events one DATAPRICE message (the scheduled job does). */
  push: boolean;
  log?: (message: string, data?: Record<string, unknown>) => void;
}

export interface CheckResult {
  checked: number;
  events: number;
  failed: number;
  pushedGroups: number[];
}

interface Row {
  id: number;
  group_id: number;
  credit_code: string;
  company_name: string;
  switches: MonitorKind[];
  baseline: MonitorBaseline;
}

/** Runs tasks with at most `limit` at once. */
async function eachLimited<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>) {
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await task(item);
    }
  });
  await Promise.all(workers);
}

/** Stores one check: the new baseline, and the new facts of the switched-on kinds as events. */
async function record(db: Db, row: Row, baseline: MonitorBaseline, facts: Fact[]): Promise<number> {
  return db.transaction().execute(async (tx) => {
    let inserted = 0;
    if (facts.length > 0) {
      const result = await tx
        .insertInto('monitoring_events')
        .values(
          facts.map((fact) => ({
            group_id: row.group_id,
            monitored_id: row.id,
            credit_code: row.credit_code,
            company_name: row.company_name,
            kind: fact.kind,
            title: fact.title,
            detail: fact.detail,
            happened_on: fact.happenedOn,
            source: fact.source,
            fact_key: fact.key,
            risk_kind: fact.riskKind ?? null,
          })),
        )
        // A fact already recorded (a run that overlapped this one) is not recorded twice.
        .onConflict((oc) => oc.columns(['monitored_id', 'fact_key']).doNothing())
        .executeTakeFirst();
      inserted = Number(result.numInsertedOrUpdatedRows ?? 0);
    }
    await tx
      .updateTable('monitored_companies')
      .set({ baseline: JSON.stringify(baseline), last_checked_at: sql`now()` })
      .where('id', '=', row.id)
      .where('removed_at', 'is', null)
      .execute();
    return inserted;
  });
}

/**
 * Re-checks monitored companies against the provider and the group's own invoice reports. A
 * company the provider cannot answer for is skipped this round (its baseline kept) and counted.
 */
export async function checkMonitored(db: Db, options: CheckOptions): Promise<CheckResult> {
  const provider = companyDataProvider(db);
  const result: CheckResult = { checked: 0, events: 0, failed: 0, pushedGroups: [] };
  const groupsWithEvents = new Set<number>();
  if (options.ids && options.ids.length === 0) return result;
  let after = 0;
  for (;;) {
    let query = db
      .selectFrom('monitored_companies')
      .select(['id', 'group_id', 'credit_code', 'company_name', 'switches', 'baseline'])
      .where('removed_at', 'is', null)
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH);
    if (options.ids) query = query.where('id', 'in', [...options.ids]);
    const rows = (await query.execute()) as Row[];
    if (rows.length === 0) break;
    after = Number(rows[rows.length - 1]?.id);
    const invoices = await latestInvoiceReadings(
      db,
      rows.map((row) => ({ groupId: Number(row.group_id), creditCode: row.credit_code })),
    );
    await eachLimited(rows, PARALLEL, async (row) => {
      try {
        const invoice = invoices.get(`${row.group_id}:${row.credit_code}`) ?? null;
        const seen = await observeCompany(provider, row.credit_code, row.baseline ?? {}, invoice);
        const wanted = seen.fresh.filter((fact) => row.switches.includes(fact.kind));
        const inserted = await record(db, row, seen.baseline, wanted);
        result.checked += 1;
        result.events += inserted;
        if (inserted > 0) groupsWithEvents.add(Number(row.group_id));
      } catch (error) {
        result.failed += 1;
        options.log?.('monitoring check failed for a company', {
          monitoredId: row.id,
          error: (error as Error).message,
        });
      }
    });
    if (rows.length < BATCH) break;
  }
  if (options.push) {
    for (const groupId of groupsWithEvents) {
      if (await pushDataPrice(db, groupId)) result.pushedGroups.push(groupId);
    }
  }
  return result;
}

import {
  type DataPriceMessage,
  hasPermission,
  industrySectionName,
  MONITOR_KIND_LABELS,
  RISK_KINDS,
  type RiskKind,
} from '@taxlens/shared';
import { sql } from 'kysely';
import type { DbOrTx } from '../../db/kysely.js';
import type { MonitorKind } from '../../db/tables/data-view.js';
import { publishEvent } from '../../plugins/realtime.js';
import { deliveriesForEvents } from '../dataview-map/delivery-match.js';
import { DATA_SERVICE_ON } from './data-service.js';
import { riskKindsOfMonitorKind } from './monitoring-check.js';

/** Delivery items a DATAPRICE message carries at most (spec §4: up to two). */
const DELIVERIES = 2;
/** Unread events looked at for the delivery items, newest first. */
const EVENTS_FOR_DELIVERIES = 200;

/**
 * The DATAPRICE payload of spec §3 / §4 (notification state 3) for a group: how many companies it
 * monitors, how many have unread risk events, up to two data services of the DataServerDelivery
 * catalogue answering those events' risk lists (delivery-match.ts), and the industry and risk item
 * most of them fall in. Null when nothing is unread.
 */
export async function dataPriceMessage(db: DbOrTx, groupId: number): Promise<DataPriceMessage | null> {
  const unread = db
    .selectFrom('monitoring_events as e')
    .innerJoin('monitored_companies as m', 'm.id', 'e.monitored_id')
    .where('e.group_id', '=', groupId)
    .where('e.read_at', 'is', null)
    .where('m.removed_at', 'is', null);
  const [all, covering, newest, industry, kind] = await Promise.all([
    db
      .selectFrom('monitored_companies')
      .select(sql<string>`count(*)`.as('n'))
      .where('group_id', '=', groupId)
      .where('removed_at', 'is', null)
      .executeTakeFirstOrThrow(),
    unread
      .select([sql<string>`count(DISTINCT e.monitored_id)`.as('companies'), sql<string>`count(*)`.as('events')])
      .executeTakeFirstOrThrow(),
    unread
      .select(['e.kind', 'e.risk_kind'])
      .orderBy('e.created_at', 'desc')
      .orderBy('e.id', 'desc')
      .limit(EVENTS_FOR_DELIVERIES)
      .execute(),
    unread
      .select(['m.industry_code', sql<string>`count(*)`.as('n')])
      .where('m.industry_code', 'is not', null)
      .groupBy('m.industry_code')
      .orderBy(sql`count(*)`, 'desc')
      .orderBy('m.industry_code')
      .limit(1)
      .executeTakeFirst(),
    unread
      .select(['e.kind', sql<string>`count(*)`.as('n')])
      .groupBy('e.kind')
      .orderBy(sql`count(*)`, 'desc')
      .orderBy('e.kind')
      .limit(1)
      .executeTakeFirst(),
  ]);
  const coveringCount = Number(covering.companies);
  if (coveringCount === 0) return null;
  const deliveries = await deliveriesForEvents(
    db,
    newest.map((event) => ({
      // Events recorded before migration 0300 have no list: any list their kind watches.
      riskKinds:
        event.risk_kind && (RISK_KINDS as readonly string[]).includes(event.risk_kind)
          ? [event.risk_kind as RiskKind]
          : riskKindsOfMonitorKind(event.kind as MonitorKind),
    })),
    DELIVERIES,
  );
  return {
    msgType: 'DATAPRICE',
    state: 3,
    msg: `监控的 ${coveringCount} 家企业有 ${Number(covering.events)} 条新的风险变化`,
    monitoringNumAll: Number(all.n),
    monitoringNumCovering: coveringCount,
    // The id opens the item in the product centre (route ProductCenterDetail, spec §2).
    dataServerDeliveries: deliveries.map((item) => ({ id: item.id, title: item.title, subheading: item.subheading })),
    industry: industry ? industrySectionName(industry.industry_code) : '',
    riskItem: kind ? MONITOR_KIND_LABELS[kind.kind as MonitorKind] : '',
  };
}

/** Users of the group who hear about monitoring: level 1, or those with monitoringAnalyze (spec §4). */
export async function monitoringListeners(db: DbOrTx, groupId: number): Promise<number[]> {
  const group = await db.selectFrom('groups').select('data_price_auth').where('id', '=', groupId).executeTakeFirst();
  if (group?.data_price_auth !== DATA_SERVICE_ON) return [];
  const users = await db
    .selectFrom('users')
    .select(['id', 'level', 'not_menus'])
    .where('group_id', '=', groupId)
    .where('deleted_at', 'is', null)
    .where('status', '=', 'active')
    .execute();
  return users
    .filter((user) => hasPermission({ level: user.level, notMenus: user.not_menus }, 'monitoringAnalyze'))
    .map((user) => Number(user.id));
}

/** One DATAPRICE message to the group's listeners after a check found new events. */
export async function pushDataPrice(db: DbOrTx, groupId: number): Promise<boolean> {
  const [message, userIds] = await Promise.all([dataPriceMessage(db, groupId), monitoringListeners(db, groupId)]);
  if (!message || userIds.length === 0) return false;
  await publishEvent(db, { userIds }, { ...message });
  return true;
}

import type { RiskKind } from '@taxlens/shared';
import { sql } from 'kysely';
import type { DbOrTx } from '../../db/kysely.js';

/** One unread monitoring event as the matching reads it: its risk list, or its monitored kind's lists. */
export interface EventRisk {
  riskKinds: readonly RiskKind[];
}

export interface DeliveryItem {
  id: number;
  title: string;
  subheading: string;
}

/**
 * The data services (DataServerDelivery catalogue, migration 0240) answering a group's unread risk
 * events, for the DATAPRICE message's dataServerDeliveries (spec §3/§4, at most `limit`): the
 * events newest first, for each the active services whose risk lists contain the event's list (in
 * catalogue order), each service once. Events no service answers (credit level, invoice report)
 * add nothing, so a group with only those gets an empty list rather than an unrelated offer.
 */
export async function deliveriesForEvents(
  db: DbOrTx,
  events: readonly EventRisk[],
  limit: number,
): Promise<DeliveryItem[]> {
  if (events.length === 0 || limit <= 0) return [];
  const { rows } = await sql<{ id: string; title: string; subheading: string; risk_kinds: string[] }>`
    SELECT id, title, subheading, risk_kinds FROM data_server_deliveries
     WHERE active AND cardinality(risk_kinds) > 0 ORDER BY sort_order, id`.execute(db);
  const picked: DeliveryItem[] = [];
  for (const event of events) {
    for (const row of rows) {
      if (picked.length >= limit) return picked;
      if (picked.some((item) => item.id === Number(row.id))) continue;
      if (!event.riskKinds.some((kind) => row.risk_kinds.includes(kind))) continue;
      picked.push({ id: Number(row.id), title: row.title, subheading: row.subheading });
    }
  }
  return picked;
}

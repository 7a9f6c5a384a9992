import { REPORT_KINDS } from '@taxlens/shared';
import { sql } from 'kysely';
import type { DbOrTx } from '../../db/kysely.js';

/** Price in fen of one report per credit type: the group's own price where set, else the default. */
export async function pricesFor(db: DbOrTx, groupId: number | null): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('report_prices')
    .select(['credit_type', 'price_fen', sql<boolean>`group_id IS NOT NULL`.as('own')])
    .where((eb) => eb.or([eb('group_id', 'is', null), ...(groupId ? [eb('group_id', '=', groupId)] : [])]))
    .execute();
  const prices = new Map<number, number>();
  for (const kind of REPORT_KINDS) {
    const own = rows.find((row) => row.credit_type === kind.type && row.own);
    const fallback = rows.find((row) => row.credit_type === kind.type && !row.own);
    prices.set(kind.type, Number((own ?? fallback)?.price_fen ?? 0));
  }
  return prices;
}

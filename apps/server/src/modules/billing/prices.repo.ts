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

/** Sets (or with null removes) a group's own price of one credit type; the operator's call. */
export async function setGroupPrice(
  db: DbOrTx,
  groupId: number,
  creditType: number,
  priceFen: number | null,
): Promise<void> {
  if (priceFen === null) {
    await db
      .deleteFrom('report_prices')
      .where('group_id', '=', groupId)
      .where('credit_type', '=', creditType)
      .execute();
    return;
  }
  await db
    .insertInto('report_prices')
    .values({ group_id: groupId, credit_type: creditType, price_fen: priceFen })
    .onConflict((oc) =>
      oc
        .columns(['group_id', 'credit_type'])
        .where('group_id', 'is not', null)
        .doUpdateSet({ price_fen: priceFen, updated_at: sql`now()` }),
    )
    .execute();
}

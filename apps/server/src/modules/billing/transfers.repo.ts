import { sql } from 'kysely';
import type { DbOrTx } from '../../db/kysely.js';
import { withinDates } from './period.repo.js';

export interface NewTransfer {
  groupId: number;
  kind: 'give' | 'take_back';
  fromUserId: number;
  toUserId: number;
  actorId: number;
  asset: number;
  amount: number;
  outEntryId: number;
  inEntryId: number;
}

export async function insertTransfer(tx: DbOrTx, transfer: NewTransfer): Promise<number> {
  const row = await tx
    .insertInto('wallet_transfers')
    .values({
      group_id: transfer.groupId,
      kind: transfer.kind,
      from_user_id: transfer.fromUserId,
      to_user_id: transfer.toUserId,
      actor_id: transfer.actorId,
      asset: transfer.asset,
      amount: transfer.amount,
      out_entry_id: transfer.outEntryId,
      in_entry_id: transfer.inEntryId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface TransferFilters {
  /** Transfers this user sent or received. */
  involving?: number;
  /** Transfers made by this user, or received by it. */
  actorOrInvolving?: number;
  asset?: number;
  startDate?: string;
  endDate?: string;
}

export async function listTransfers(
  db: DbOrTx,
  groupId: number,
  filters: TransferFilters,
  page: { page: number; size: number },
) {
  let query = db
    .selectFrom('wallet_transfers as t')
    .innerJoin('users as f', 'f.id', 't.from_user_id')
    .innerJoin('users as r', 'r.id', 't.to_user_id')
    .innerJoin('users as a', 'a.id', 't.actor_id')
    .selectAll('t')
    .select([
      'f.phone as from_phone',
      'f.nick_name as from_name',
      'r.phone as to_phone',
      'r.nick_name as to_name',
      'a.phone as actor_phone',
      sql<string>`count(*) over ()`.as('total'),
    ])
    .where('t.group_id', '=', groupId);
  const { involving, actorOrInvolving } = filters;
  if (involving !== undefined) {
    query = query.where((eb) => eb.or([eb('t.from_user_id', '=', involving), eb('t.to_user_id', '=', involving)]));
  }
  if (actorOrInvolving !== undefined) {
    query = query.where((eb) =>
      eb.or([
        eb('t.actor_id', '=', actorOrInvolving),
        eb('t.from_user_id', '=', actorOrInvolving),
        eb('t.to_user_id', '=', actorOrInvolving),
      ]),
    );
  }
  if (filters.asset !== undefined) query = query.where('t.asset', '=', filters.asset);
  for (const condition of withinDates('t.created_at', filters.startDate, filters.endDate))
    query = query.where(condition);
  const rows = await query
    .orderBy('t.created_at', 'desc')
    .orderBy('t.id', 'desc')
    .limit(page.size)
    .offset((page.page - 1) * page.size)
    .execute();
  return { rows, total: Number(rows[0]?.total ?? 0) };
}

export type TransferRow = Awaited<ReturnType<typeof listTransfers>>['rows'][number];

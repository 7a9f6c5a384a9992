import type { ShopItemKind } from '@taxlens/shared';
import { sql } from 'kysely';
import type { DbOrTx } from '../../db/kysely.js';

interface RequestRow {
  id: string;
  delivery_id: string;
  kind: 'inquiry' | 'purchase';
  item_kind: ShopItemKind;
  title: string;
  partner_name: string | null;
  contact_name: string;
  contact_phone: string;
  credit_code: string | null;
  company_name: string | null;
  remark: string | null;
  status: string;
  order_no: string | null;
  price_fen: string | null;
  refund_reason: string | null;
  created_at: string;
}

const presentRequest = (row: RequestRow) => ({
  id: Number(row.id),
  deliveryId: Number(row.delivery_id),
  kind: row.kind,
  itemKind: row.item_kind,
  title: row.title,
  partnerName: row.partner_name,
  contactName: row.contact_name,
  contactPhone: row.contact_phone,
  creditCode: row.credit_code,
  companyName: row.company_name,
  remark: row.remark,
  status: row.status,
  orderNo: row.order_no,
  priceFen: row.price_fen === null ? null : Number(row.price_fen),
  refundReason: row.refund_reason,
  createdAt: row.created_at,
});

export interface RequestScope {
  groupId: number;
  /** Only this user's (a supervisor or staff in the shop, like billing's orders); all of the group when absent. */
  userId?: number;
  /** Only requests for items of this kind (a shop scene). */
  itemKind?: ShopItemKind;
  id?: number;
}

/** A group's inquiries and purchases, newest first; never another group's. */
export async function listRequests(db: DbOrTx, scope: RequestScope, limit = 100) {
  const result = await sql<RequestRow>`
    SELECT r.id, r.delivery_id, r.kind, d.kind AS item_kind, d.title, d.partner_name, r.contact_name,
           r.contact_phone, r.credit_code, r.company_name, r.remark, r.status, r.order_no, r.price_fen,
           r.refund_reason, to_char(r.created_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') AS created_at
    FROM data_server_delivery_requests r JOIN data_server_deliveries d ON d.id = r.delivery_id
    WHERE r.group_id = ${scope.groupId}
      AND ${scope.userId === undefined ? sql`true` : sql`r.user_id = ${scope.userId}`}
      AND ${scope.itemKind === undefined ? sql`true` : sql`d.kind = ${scope.itemKind}`}
      AND ${scope.id === undefined ? sql`true` : sql`r.id = ${scope.id}`}
    ORDER BY r.created_at DESC, r.id DESC LIMIT ${limit}`.execute(db);
  return result.rows.map(presentRequest);
}

export interface NewRequest {
  groupId: number;
  userId: number;
  deliveryId: number;
  contactName: string;
  contactPhone: string;
  creditCode?: string | null;
  companyName?: string | null;
  remark?: string | null;
  kind?: 'inquiry' | 'purchase';
  status?: 'submitted' | 'closed';
  orderNo?: string;
  priceFen?: number;
  ledgerEntryId?: number;
  requestKey?: string;
}

export async function insertRequest(db: DbOrTx, input: NewRequest): Promise<number> {
  const inserted = await sql<{ id: string }>`
    INSERT INTO data_server_delivery_requests
      (group_id, user_id, delivery_id, contact_name, contact_phone, credit_code, company_name, remark,
       kind, status, order_no, price_fen, ledger_entry_id, request_key)
    VALUES (${input.groupId}, ${input.userId}, ${input.deliveryId}, ${input.contactName}, ${input.contactPhone},
            ${input.creditCode ?? null}, ${input.companyName ?? null}, ${input.remark || null},
            ${input.kind ?? 'inquiry'}, ${input.status ?? 'submitted'}, ${input.orderNo ?? null},
            ${input.priceFen ?? null}, ${input.ledgerEntryId ?? null}, ${input.requestKey ?? null})
    RETURNING id`.execute(db);
  return Number(inserted.rows[0]?.id);
}

/** The purchase a request key already made in this group, if any. */
export async function purchaseByKey(db: DbOrTx, groupId: number, requestKey: string) {
  const result = await sql<{ id: string; user_id: string; delivery_id: string; order_no: string; price_fen: string }>`
    SELECT id, user_id, delivery_id, order_no, price_fen FROM data_server_delivery_requests
    WHERE group_id = ${groupId} AND request_key = ${requestKey}`.execute(db);
  return result.rows[0];
}

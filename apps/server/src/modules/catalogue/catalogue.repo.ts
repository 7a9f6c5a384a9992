import { RISK_LABELS, type RiskKind, SHOP_GRANT_ASSET_LABELS, type ShopItemKind } from '@taxlens/shared';
import { sql } from 'kysely';
import type { DbOrTx } from '../../db/kysely.js';
import { promotionImageUrl } from '../promotions/promotions.service.js';

/**
 * The one catalogue (data_server_deliveries, migrations 0240 and 0305): the data view's data
 * services, the product centre's platform services and the mall's partner offers are its rows.
 */
export interface DeliveryRow {
  id: string;
  kind: ShopItemKind;
  title: string;
  subheading: string;
  label: string;
  description: string;
  risk_kinds: string[];
  deliverables: string;
  price_fen: string | null;
  partner_name: string | null;
  cover_image_key: string | null;
  recommended: boolean;
  grant_asset: number | null;
  grant_count: number | null;
}

export const ITEM_COLUMNS = sql`d.id, d.kind, d.title, d.subheading, d.label, d.description, d.risk_kinds,
  d.deliverables, d.price_fen, d.partner_name, d.cover_image_key, d.recommended, d.grant_asset, d.grant_count`;

export const present = (row: DeliveryRow) => ({
  id: Number(row.id),
  kind: row.kind,
  title: row.title,
  subheading: row.subheading,
  label: row.label,
  description: row.description,
  riskKinds: row.risk_kinds,
  riskLabels: row.risk_kinds.map((kind) => RISK_LABELS[kind as RiskKind] ?? kind),
  deliverables: row.deliverables,
  /** Integer fen, or null: inquiry only. */
  priceFen: row.price_fen === null ? null : Number(row.price_fen),
  partnerName: row.partner_name,
  coverUrl: row.cover_image_key ? promotionImageUrl(row.cover_image_key) : null,
  recommended: row.recommended,
  grant:
    row.grant_asset === null || row.grant_count === null
      ? null
      : {
          asset: row.grant_asset,
          count: row.grant_count,
          label: `${SHOP_GRANT_ASSET_LABELS[row.grant_asset] ?? '次数'} ${row.grant_count} 次`,
        },
});

/** The data view's data services: the platform's own items on the shelf. */
export async function dataServices(db: DbOrTx): Promise<DeliveryRow[]> {
  const result = await sql<DeliveryRow>`
    SELECT ${ITEM_COLUMNS} FROM data_server_deliveries d
    WHERE d.active AND d.kind = 'platform' ORDER BY d.sort_order, d.id`.execute(db);
  return result.rows;
}

/** One item on the shelf, of the kind when given. */
export async function shelfItem(db: DbOrTx, id: number, kind: ShopItemKind | null): Promise<DeliveryRow | undefined> {
  const result = await sql<DeliveryRow>`
    SELECT ${ITEM_COLUMNS} FROM data_server_deliveries d
    WHERE d.id = ${id} AND d.active AND ${kind ? sql`d.kind = ${kind}` : sql`d.kind = 'platform'`}`.execute(db);
  return result.rows[0];
}

/** The items the operator recommends for a shop scene, in shelf order. */
export async function recommendedItems(db: DbOrTx, kind: ShopItemKind): Promise<DeliveryRow[]> {
  const result = await sql<DeliveryRow>`
    SELECT ${ITEM_COLUMNS} FROM data_server_deliveries d
    WHERE d.active AND d.kind = ${kind} AND d.recommended ORDER BY d.sort_order, d.id LIMIT 12`.execute(db);
  return result.rows;
}

export interface ShelfQuery {
  kind: ShopItemKind;
  label?: string;
  keyword?: string;
  page: number;
  size: number;
}

/** A page of the shelf, filtered by label and a keyword (title, subheading, description, partner). */
export async function shelfPage(db: DbOrTx, query: ShelfQuery) {
  const like = query.keyword ? `%${query.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = sql`d.active AND d.kind = ${query.kind}
    AND ${query.label ? sql`d.label = ${query.label}` : sql`true`}
    AND ${
      like
        ? sql`(d.title ILIKE ${like} OR d.subheading ILIKE ${like} OR d.description ILIKE ${like}
               OR coalesce(d.partner_name, '') ILIKE ${like})`
        : sql`true`
    }`;
  const result = await sql<DeliveryRow>`
    SELECT ${ITEM_COLUMNS} FROM data_server_deliveries d WHERE ${where}
    ORDER BY d.sort_order, d.id LIMIT ${query.size} OFFSET ${(query.page - 1) * query.size}`.execute(db);
  // Counted apart: a page past the end still says how many there are.
  const count = await sql<{ total: string }>`
    SELECT count(*) AS total FROM data_server_deliveries d WHERE ${where}`.execute(db);
  const labels = await sql<{ label: string }>`
    SELECT label FROM data_server_deliveries WHERE active AND kind = ${query.kind}
    GROUP BY label ORDER BY min(sort_order), label`.execute(db);
  return {
    labels: labels.rows.map((row) => row.label),
    list: result.rows.map(present),
    total: Number(count.rows[0]?.total ?? 0),
    page: query.page,
    size: query.size,
  };
}

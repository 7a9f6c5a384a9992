import { sql } from 'kysely';
import type { DbOrTx } from '../../db/kysely.js';

/** Packages are the platform's catalogue, the same for every group. */
export function listActivePackages(db: DbOrTx) {
  return db.selectFrom('packages').selectAll().where('active', '=', true).orderBy('sort').orderBy('id').execute();
}

export type PackageRow = Awaited<ReturnType<typeof listActivePackages>>[number];

export function findActivePackage(db: DbOrTx, packageId: number) {
  return db
    .selectFrom('packages')
    .selectAll()
    .where('id', '=', packageId)
    .where('active', '=', true)
    .executeTakeFirst();
}

export interface PackageInput {
  name: string;
  description: string;
  priceFen: number;
  balanceFen: number;
  credits: number[];
  active: boolean;
  sort: number;
}

/** Creates a package, or updates one; orders keep the snapshot they were placed with. */
export async function savePackage(db: DbOrTx, id: number | undefined, input: PackageInput): Promise<number | null> {
  const values = {
    name: input.name,
    description: input.description,
    price_fen: input.priceFen,
    balance_fen: input.balanceFen,
    credits: input.credits,
    active: input.active,
    sort: input.sort,
  };
  if (id === undefined) {
    const row = await db.insertInto('packages').values(values).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }
  const row = await db
    .updateTable('packages')
    .set({ ...values, updated_at: sql`now()` })
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
  return row ? row.id : null;
}

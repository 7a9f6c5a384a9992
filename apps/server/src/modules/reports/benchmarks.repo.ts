import { type BenchmarkTable, DEFAULT_BENCHMARK_TABLE, type IndustryBenchmark } from '@taxlens/engine';
import type { IndustryBenchmarkRow } from '@taxlens/shared';
import { sql } from 'kysely';
import type { Db, DbOrTx } from '../../db/kysely.js';

// The shared zod schema and the engine type describe the same row.
const _sameShape = (row: IndustryBenchmarkRow): IndustryBenchmark => row;

/** Fills an empty table with the engine's defaults (first start); an operator's deletions stay deleted. */
export async function ensureBenchmarks(db: Db): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await sql`LOCK TABLE industry_benchmarks IN SHARE ROW EXCLUSIVE MODE`.execute(tx);
    const any = await tx.selectFrom('industry_benchmarks').select('key').limit(1).executeTakeFirst();
    if (any) return;
    await tx
      .insertInto('industry_benchmarks')
      .values(DEFAULT_BENCHMARK_TABLE.rows.map((row) => ({ key: row.key, row: JSON.stringify(row) })))
      .execute();
  });
}

/** Position of each default row: the lookup breaks ties by table order, so the stored table keeps it. */
const DEFAULT_ORDER = new Map(DEFAULT_BENCHMARK_TABLE.rows.map((row, index) => [row.key, index]));
const orderOf = (key: string) => DEFAULT_ORDER.get(key) ?? DEFAULT_ORDER.size;

/**
 * The stored table in the default table's order (rows an operator added come after, by key). It
 * keeps the default table's name and source until an operator has edited a row.
 */
export async function benchmarkTable(db: DbOrTx): Promise<BenchmarkTable> {
  const rows = await db.selectFrom('industry_benchmarks').select(['key', 'row', 'updated_by']).execute();
  if (rows.length === 0) return DEFAULT_BENCHMARK_TABLE;
  rows.sort((a, b) => orderOf(a.key) - orderOf(b.key) || a.key.localeCompare(b.key));
  const edited = rows.some((item) => item.updated_by !== null);
  return {
    name: edited ? '行业基准表（平台运营维护，未修改的行沿用默认表）' : DEFAULT_BENCHMARK_TABLE.name,
    rows: rows.map((item) => _sameShape(item.row as unknown as IndustryBenchmarkRow)),
  };
}

export async function saveBenchmark(db: DbOrTx, row: IndustryBenchmarkRow, userId: number): Promise<void> {
  await db
    .insertInto('industry_benchmarks')
    .values({ key: row.key, row: JSON.stringify(row), updated_by: userId })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({ row: JSON.stringify(row), updated_by: userId, updated_at: sql`now()` }),
    )
    .execute();
}

export async function deleteBenchmark(db: DbOrTx, key: string): Promise<number> {
  const result = await db.deleteFrom('industry_benchmarks').where('key', '=', key).executeTakeFirst();
  return Number(result.numDeletedRows);
}

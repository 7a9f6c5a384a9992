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

export async function benchmarkTable(db: DbOrTx): Promise<BenchmarkTable> {
  const rows = await db.selectFrom('industry_benchmarks').select('row').orderBy('key').execute();
  if (rows.length === 0) return DEFAULT_BENCHMARK_TABLE;
  return {
    name: '行业基准（运营维护）',
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

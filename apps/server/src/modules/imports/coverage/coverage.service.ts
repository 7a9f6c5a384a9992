import type { DataTimeline } from '@taxlens/shared';
import type { DbOrTx } from '../../../db/kysely.js';
import { COVERAGE_PROVIDERS } from './coverage.providers.js';

/**
 * The company's data timeline: one row per kind with the months it covers, over the span from
 * the first to the last month any kind covers (months inside the span that a kind lacks are its gaps).
 */
export async function dataTimeline(db: DbOrTx, groupId: number, companyId: number): Promise<DataTimeline> {
  const rows = await Promise.all(
    COVERAGE_PROVIDERS.map(async (provider) => ({
      key: provider.key,
      label: provider.label,
      months: await provider.months(db, groupId, companyId),
    })),
  );
  const all = rows.flatMap((row) => row.months.map((entry) => entry.month)).sort();
  return { firstMonth: all[0] ?? null, lastMonth: all.at(-1) ?? null, rows };
}

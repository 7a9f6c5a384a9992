import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { DATA_LISTS } from '@taxlens/shared';
import { sql } from 'kysely';
import type pg from 'pg';
import type { Db } from '../../../db/kysely.js';
import { importDataset } from '../datasets/dataset-import.js';
import { csvText, DEMO_DATA_AS_OF, DEMO_DATA_SOURCE, demoCompanyDataset } from './demo-company-data.js';

/**
 * Imports the 示例数据 company dataset, one file per list, through the operator's import path.
 * Only when no dataset was ever imported, so it never mixes into an operator's real data.
 */
export async function seedCompanyDataIfEmpty(deps: { db: Db; pool: pg.Pool }, log: (line: string) => void = () => {}) {
  const existing = await deps.db
    .selectFrom('cd_datasets')
    .select(sql<string>`count(*)`.as('count'))
    .executeTakeFirstOrThrow();
  if (Number(existing.count) > 0) return false;
  const dataset = demoCompanyDataset();
  for (const list of DATA_LISTS) {
    const bytes = Buffer.from(csvText(dataset[list.key] ?? []), 'utf8');
    const result = await importDataset(deps, {
      list,
      fileName: `示例数据_${list.label}.csv`,
      format: 'csv',
      sha256: createHash('sha256').update(bytes).digest('hex'),
      open: async () => Readable.from([bytes]),
      source: DEMO_DATA_SOURCE,
      asOf: DEMO_DATA_AS_OF,
      importedBy: null,
      isDemo: true,
    });
    if (result.status === 'rejected') {
      throw new Error(`示例数据 ${list.label} 导入失败: ${JSON.stringify(result.errors.slice(0, 3))}`);
    }
  }
  log('demo company data imported (示例数据)');
  return true;
}

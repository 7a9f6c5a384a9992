/** Planted companies of the lead tests (not a test file itself): one county no demo company uses. */
import type { Db } from '../../db/kysely.js';
import { facetIndexOf } from '../dataview-map/facet-index.js';
import { refreshLeadSignals } from './toker.signals.js';

export const TEST_REGION = '650102';
const AS_OF = '2025-10-31';

export interface Planted {
  code: string;
  name: string;
  industry: string;
  capitalWan: number;
  established: string;
}

/** 18 characters, unique per index: enough for the registry's primary key. */
const codeOf = (index: number) => `91650102MA7TK${String(index).padStart(4, '0')}X`;

export const PLANTED: Planted[] = Array.from({ length: 12 }, (_, index) => ({
  code: codeOf(index),
  name: `测试乌鲁木齐拓客${index}号有限公司`,
  industry: index % 3 === 0 ? 'F' : 'I',
  capitalWan: [50, 300, 800, 2000][index % 4] as number,
  // Two a year from 2012: the newest first in the results.
  established: `${2012 + Math.floor(index / 2)}-0${(index % 2) + 3}-15`,
}));

/**
 * Registry rows in TEST_REGION plus their signals: #0 new 经营异常, #1 lost A, #2 recent illegal
 * case, #3 two changes this year, #4 an old 经营异常 (no signal).
 */
export async function plantCompanies(db: Db, databaseUrl: string): Promise<void> {
  const dataset = await db.selectFrom('cd_datasets').select('id').orderBy('id').executeTakeFirstOrThrow();
  const common = { source: '测试数据', as_of: AS_OF, dataset_id: dataset.id };
  await db
    .insertInto('cd_companies')
    .values(
      PLANTED.map((company) => ({
        credit_code: company.code,
        name: company.name,
        legal_rep: '某某',
        registered_capital_fen: company.capitalWan * 1_000_000,
        established_on: company.established,
        status_text: '存续',
        registration: 'normal' as const,
        industry_code: company.industry,
        industry_name: company.industry === 'F' ? '批发业' : '软件和信息技术服务业',
        region_code: TEST_REGION,
        taxpayer_type: 'general' as const,
        search_grams: [],
        initials: '',
        ...common,
      })),
    )
    .execute();
  const at = (index: number) => PLANTED[index] as Planted;
  const risk = (index: number, kind: string, decided: string) => ({
    kind,
    credit_code: at(index).code,
    name: at(index).name,
    title: kind,
    decided_on: decided,
    ...common,
  });
  await db
    .insertInto('cd_risks')
    .values([
      risk(0, 'abnormal_operation', '2025-10-01'),
      risk(2, 'major_tax_violation', '2025-06-30'),
      risk(4, 'abnormal_operation', '2024-03-01'),
    ])
    .execute();
  await db
    .insertInto('cd_credit_ratings')
    .values({ credit_code: at(1).code, name: at(1).name, year: 2023, level: 'A', ...common })
    .onConflict((conflict) => conflict.columns(['credit_code', 'year']).doNothing())
    .execute();
  await db
    .insertInto('cd_relations')
    .values(
      ['2025-02-01', '2025-08-01'].map((day) => ({
        kind: 'change' as const,
        credit_code: at(3).code,
        name: '住所变更',
        happened_on: day,
        ...common,
      })),
    )
    .execute();
  await refreshLeadSignals(db);
  // Rows written past the import: the map's index is rebuilt on the next search.
  facetIndexOf(db, databaseUrl).invalidate();
}

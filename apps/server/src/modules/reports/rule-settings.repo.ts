import { ruleCatalogue, type ThresholdOverrides } from '@taxlens/engine';
import type { DbOrTx } from '../../db/kysely.js';
import { invalid } from '../../lib/app-error.js';
import { benchmarkTable } from './benchmarks.repo.js';

export interface SettingsVersion {
  id: number;
  thresholds: ThresholdOverrides;
  note: string;
  createdBy: number | null;
  createdAt: string;
}

/** The version reports are made with now: the latest snapshot, or none (engine defaults). */
export async function currentSettings(db: DbOrTx): Promise<{ id: number; thresholds: ThresholdOverrides } | null> {
  const row = await db
    .selectFrom('rule_settings_versions')
    .select(['id', 'thresholds'])
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? { id: row.id, thresholds: row.thresholds } : null;
}

/** Operator overrides checked against the rule catalogue: a known rule, a known key, the same type. */
export function checkThresholds(overrides: Record<string, Record<string, unknown>>): ThresholdOverrides {
  const rules = new Map(ruleCatalogue().map((entry) => [entry.id, entry]));
  const checked: Record<string, Record<string, number | string | boolean>> = {};
  for (const [ruleId, values] of Object.entries(overrides)) {
    const rule = rules.get(ruleId);
    if (!rule) throw invalid({ thresholds: `没有规则“${ruleId}”` });
    checked[ruleId] = {};
    for (const [key, value] of Object.entries(values)) {
      const current = rule.thresholds[key];
      if (current === undefined) throw invalid({ thresholds: `规则“${rule.title}”没有参数“${key}”` });
      const sameType = typeof value === typeof current && (typeof value !== 'number' || Number.isFinite(value));
      if (!sameType) throw invalid({ thresholds: `规则“${rule.title}”的参数“${key}”应为${typeof current}` });
      checked[ruleId][key] = value as number | string | boolean;
    }
  }
  return checked;
}

/** Stores a snapshot of the thresholds (given, else the current ones) and the benchmark table now. */
export async function recordSettingsVersion(
  db: DbOrTx,
  note: string,
  userId: number | null,
  thresholds?: ThresholdOverrides,
): Promise<number> {
  const keep = thresholds ?? (await currentSettings(db))?.thresholds ?? {};
  const row = await db
    .insertInto('rule_settings_versions')
    .values({
      thresholds: JSON.stringify(keep),
      benchmarks: JSON.stringify(await benchmarkTable(db)),
      note,
      created_by: userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function listSettingsVersions(db: DbOrTx): Promise<SettingsVersion[]> {
  const rows = await db
    .selectFrom('rule_settings_versions')
    .select(['id', 'thresholds', 'note', 'created_by', 'created_at'])
    .orderBy('id', 'desc')
    .limit(100)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    thresholds: row.thresholds,
    note: row.note,
    createdBy: row.created_by,
    createdAt: new Date(row.created_at).toISOString(),
  }));
}

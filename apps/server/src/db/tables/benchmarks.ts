/** Row type of the industry benchmark table. */
import type { BigId, GeneratedId, Json, Stamp } from './columns.js';

export interface IndustryBenchmarksTable {
  key: string;
  row: Json<Record<string, unknown>>;
  updated_by: BigId | null;
  updated_at: Stamp;
}

/** A snapshot of the rule thresholds and the benchmark table, one per operator change. */
export interface RuleSettingsVersionsTable {
  id: GeneratedId;
  thresholds: Json<Record<string, Record<string, number | string | boolean>>>;
  benchmarks: Json<Record<string, unknown>>;
  note: string;
  created_by: BigId | null;
  created_at: Stamp;
}

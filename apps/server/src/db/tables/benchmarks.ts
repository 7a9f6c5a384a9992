/** Row type of the industry benchmark table. */
import type { BigId, Json, Stamp } from './columns.js';

export interface IndustryBenchmarksTable {
  key: string;
  row: Json<Record<string, unknown>>;
  updated_by: BigId | null;
  updated_at: Stamp;
}

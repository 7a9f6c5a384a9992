/** Row type of the report mind maps (migration 0190). */
import type { BigId, GeneratedId, Stamp } from './columns.js';

export interface MindMapsTable {
  id: GeneratedId;
  group_id: BigId;
  report_id: BigId;
  template: string;
  node_count: number;
  created_by: BigId;
  created_at: Stamp;
}

/** Row types of the policy tools (issue 15): the 残保金 ratio table (migration 0200). */
import type { BigId, Stamp } from './columns.js';

export interface DisabilityProportionsTable {
  region_code: string;
  region_name: string;
  ratio_bp: number;
  basis: string;
  updated_at: Stamp;
  updated_by: BigId | null;
}

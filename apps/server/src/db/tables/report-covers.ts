/** Row types of the report cover templates and each user's choice (migration 0210). */
import type { Generated } from 'kysely';
import type { BigId, Stamp } from './columns.js';

export type CoverLayout = 'classic' | 'band' | 'frame' | 'split';

export interface ReportCoversTable {
  id: number;
  name: string;
  description: string;
  layout: CoverLayout;
  primary_color: string;
  accent_color: string;
  sort_order: number;
  is_default: Generated<boolean>;
  enabled: Generated<boolean>;
}

export interface UserReportCoversTable {
  user_id: BigId;
  cover_id: number;
  updated_at: Stamp;
}

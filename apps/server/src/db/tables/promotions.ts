/** Row types of the home-page promotions (issue 15, migration 0270). */
import type { Generated } from 'kysely';
import type { BigId, GeneratedId, Stamp, Timestamp } from './columns.js';

export interface BannersTable {
  id: GeneratedId;
  title: string;
  placement: 'popup' | 'carousel';
  image_key: string;
  link_url: Generated<string>;
  starts_at: Timestamp;
  ends_at: Timestamp;
  published: Generated<boolean>;
  sort: Generated<number>;
  created_at: Stamp;
  updated_at: Stamp;
  updated_by: BigId | null;
}

export interface BannerClosesTable {
  user_id: BigId;
  banner_id: BigId;
  closed_at: Stamp;
  close_count: Generated<number>;
}

export interface DiscountsTable {
  id: GeneratedId;
  title: string;
  package_id: BigId;
  rate_pct: number;
  image_key: string | null;
  starts_at: Timestamp;
  ends_at: Timestamp;
  published: Generated<boolean>;
  created_at: Stamp;
  updated_at: Stamp;
  updated_by: BigId | null;
}

export interface DiscountReadsTable {
  user_id: BigId;
  discount_id: BigId;
  read_at: Stamp;
}

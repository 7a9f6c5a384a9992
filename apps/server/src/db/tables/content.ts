/** Row types of the content pages of issue 15: insurance quotes (0261) and courseware (0262). */
import type { Generated } from 'kysely';
import type { BigId, GeneratedId, Stamp } from './columns.js';

export type InsuranceQuoteStatus = '待处理' | '已联系' | '已报价' | '已关闭';

export interface InsuranceQuoteRequestsTable {
  id: GeneratedId;
  group_id: BigId;
  user_id: BigId;
  firm_name: string;
  contact_name: string;
  phone: string;
  annual_revenue_fen: number;
  staff_count: number;
  per_claim_limit_fen: number;
  aggregate_limit_fen: number;
  services: string[];
  claims_last_3_years: Generated<number>;
  note: Generated<string>;
  status: Generated<InsuranceQuoteStatus>;
  operator_note: Generated<string>;
  handled_by: BigId | null;
  handled_at: Date | null;
  created_at: Stamp;
}

export interface CoursesTable {
  id: GeneratedId;
  title: string;
  category: string;
  summary: string;
  published: Generated<boolean>;
  sort: Generated<number>;
  created_by: BigId | null;
  created_at: Stamp;
  updated_at: Stamp;
}

export interface CourseFilesTable {
  id: GeneratedId;
  course_id: BigId;
  seq: number;
  kind: 'video' | 'pdf';
  title: string;
  storage_key: string;
  mime: string;
  size_bytes: number;
  length_units: number | null;
  created_at: Stamp;
}

export interface CourseProgressTable {
  user_id: BigId;
  file_id: BigId;
  position: Generated<number>;
  done: Generated<boolean>;
  updated_at: Stamp;
}

/**
 * What a prospect shows (registry facts and risk signals, read for the few rows of a page) and the
 * filters in words. The search itself runs over the map's in-memory index: toker.index-search.ts.
 */
import {
  industrySectionName,
  type Prospect,
  TOKER_AGES,
  TOKER_SIGNALS,
  TOKER_SIZES,
  TOKER_STATUSES,
  type TokerFilters,
} from '@taxlens/shared';
import { sql } from 'kysely';
import { divisionPath } from '../companydata/regions.js';

interface ProspectRow {
  credit_code: string;
  name: string;
  legal_rep: string | null;
  region_code: string | null;
  industry_code: string | null;
  industry_name: string | null;
  registered_capital_fen: string | number | null;
  established_on: string | null;
  status_text: string;
  taxpayer_type: string | null;
  address: string | null;
  abnormal_on: string | null;
  illegal_on: string | null;
  credit_year: number | null;
  credit_from: string | null;
  credit_to: string | null;
  changes_recent: number | null;
}

const signalLabel = (key: string) => TOKER_SIGNALS.find((signal) => signal.key === key)?.label ?? key;

export function toProspect(row: ProspectRow): Prospect {
  const signals: Prospect['signals'] = [];
  if (row.abnormal_on)
    signals.push({ key: 'abnormal', label: signalLabel('abnormal'), detail: `列入日期 ${row.abnormal_on}` });
  if (row.credit_year)
    signals.push({
      key: 'creditDrop',
      label: signalLabel('creditDrop'),
      detail: `${row.credit_year - 1}年 ${row.credit_from} 级 → ${row.credit_year}年 ${row.credit_to === '非A' ? '未评为 A 级' : `${row.credit_to} 级`}`,
    });
  if (row.illegal_on)
    signals.push({ key: 'illegal', label: signalLabel('illegal'), detail: `公布日期 ${row.illegal_on}` });
  if ((row.changes_recent ?? 0) >= 2)
    signals.push({ key: 'changes', label: signalLabel('changes'), detail: `近一年变更 ${row.changes_recent} 次` });
  return {
    creditCode: row.credit_code,
    name: row.name,
    legalRep: row.legal_rep,
    regionCode: row.region_code,
    regionName: divisionPath(row.region_code),
    industryCode: row.industry_code,
    industryName: row.industry_name,
    registeredCapitalFen: row.registered_capital_fen === null ? null : Number(row.registered_capital_fen),
    establishedOn: row.established_on,
    statusText: row.status_text,
    taxpayerType: row.taxpayer_type,
    address: row.address,
    signals,
  };
}

/** The columns a prospect shows: registry facts and its signals (dates as text, never shifted). */
export const PROSPECT_COLUMNS = sql`c.credit_code, c.name, c.legal_rep, c.region_code, c.industry_code, c.industry_name,
  c.registered_capital_fen, c.established_on::text AS established_on, c.status_text, c.taxpayer_type, c.address,
  s.abnormal_on::text AS abnormal_on, s.illegal_on::text AS illegal_on, s.credit_year, s.credit_from, s.credit_to,
  s.changes_recent`;

/** The filters in words, for the usage detail: 地区 440300 · 行业 I · 风险信号 新增经营异常. */
export function describeFilters(filters: TokerFilters, regionName: (code: string) => string): string {
  const parts: string[] = [];
  if (filters.regionCode) parts.push(`地区 ${regionName(filters.regionCode)}`);
  if (filters.industry) parts.push(`行业 ${industrySectionName(filters.industry)}`);
  const size = TOKER_SIZES.find((band) => band.key === filters.size);
  if (size) parts.push(`注册资本 ${size.label}`);
  const age = TOKER_AGES.find((band) => band.key === filters.age);
  if (age) parts.push(`成立 ${age.label}`);
  if (filters.taxpayerType) parts.push(filters.taxpayerType === 'general' ? '一般纳税人' : '小规模纳税人');
  const status = TOKER_STATUSES.find((item) => item.key === filters.status);
  if (status) parts.push(`状态 ${status.label}`);
  if (filters.signals?.length) parts.push(`风险信号 ${filters.signals.map(signalLabel).join('、')}`);
  return parts.join(' · ');
}

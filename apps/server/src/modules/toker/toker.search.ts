/**
 * The prospect search over the company dataset (the built-in registry, cd_companies, whatever
 * provider answers single-company look-ups): filters become index ranges, the risk signals come from
 * toker_signals. At most TOKER_MAX_RESULTS rows are counted or paged: no full dataset dumps.
 */
import {
  industrySectionName,
  type Prospect,
  TOKER_AGES,
  TOKER_MAX_RESULTS,
  TOKER_SIGNALS,
  TOKER_SIZES,
  TOKER_STATUSES,
  type TokerFilters,
} from '@taxlens/shared';
import { type RawBuilder, sql } from 'kysely';
import type { DbOrTx } from '../../db/kysely.js';
import { divisionPath } from '../companydata/regions.js';

/** 万元 → fen. */
const WAN_FEN = 1_000_000;

/** The divisions a GB/T 2260 code covers: a province (xx0000) or city (xxxx00) all below it. */
export function regionRange(code: string): [string, string] {
  if (code.endsWith('0000')) return [code, `${code.slice(0, 2)}9999`];
  if (code.endsWith('00')) return [code, `${code.slice(0, 4)}99`];
  return [code, code];
}

function conditions(filters: TokerFilters): RawBuilder<unknown>[] {
  const where: RawBuilder<unknown>[] = [];
  if (filters.regionCode) {
    const [from, to] = regionRange(filters.regionCode);
    where.push(sql`c.region_code BETWEEN ${from} AND ${to}`);
  }
  if (filters.industry) {
    // A section letter covers its divisions' codes too ('I' and 'I6510').
    const next = String.fromCharCode(filters.industry.charCodeAt(0) + 1);
    where.push(sql`c.industry_code >= ${filters.industry} AND c.industry_code < ${next}`);
  }
  const size = TOKER_SIZES.find((band) => band.key === filters.size);
  if (size?.minWan != null) where.push(sql`c.registered_capital_fen >= ${size.minWan * WAN_FEN}`);
  if (size?.maxWan != null) where.push(sql`c.registered_capital_fen < ${size.maxWan * WAN_FEN}`);
  const age = TOKER_AGES.find((band) => band.key === filters.age);
  if (age?.maxYears != null) where.push(sql`c.established_on > current_date - make_interval(years => ${age.maxYears})`);
  if (age?.minYears != null)
    where.push(sql`c.established_on <= current_date - make_interval(years => ${age.minYears})`);
  if (filters.taxpayerType) where.push(sql`c.taxpayer_type = ${filters.taxpayerType}`);
  const status = TOKER_STATUSES.find((item) => item.key === filters.status);
  if (status) where.push(sql`c.registration = ${status.key}`);
  const signals = filters.signals ?? [];
  if (signals.length > 0) {
    const any = signals.map((signal) => {
      if (signal === 'abnormal') return sql`s.abnormal_on IS NOT NULL`;
      if (signal === 'illegal') return sql`s.illegal_on IS NOT NULL`;
      if (signal === 'creditDrop') return sql`s.credit_year IS NOT NULL`;
      return sql`s.changes_recent >= 2`;
    });
    where.push(sql`(${sql.join(any, sql` OR `)})`);
  }
  return where;
}

/** FROM … WHERE of a search: an inner join when a signal is asked for, else a left join. */
function source(filters: TokerFilters) {
  const join = filters.signals && filters.signals.length > 0 ? sql`JOIN` : sql`LEFT JOIN`;
  const where = conditions(filters);
  return sql`cd_companies c ${join} toker_signals s ON s.credit_code = c.credit_code
    WHERE ${where.length > 0 ? sql.join(where, sql` AND `) : sql`true`}`;
}

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

export interface SearchPage {
  /** Matches, counted up to TOKER_MAX_RESULTS. */
  total: number;
  /** More than TOKER_MAX_RESULTS matched: only the first ones page. */
  capped: boolean;
  list: Prospect[];
}

export async function searchProspects(
  db: DbOrTx,
  filters: TokerFilters,
  page: { page: number; size: number },
): Promise<SearchPage> {
  const from = source(filters);
  const counted = await sql<{ n: string }>`
    SELECT count(*) AS n FROM (SELECT 1 FROM ${from} LIMIT ${TOKER_MAX_RESULTS + 1}) hits`.execute(db);
  const matched = Number(counted.rows[0]?.n ?? 0);
  const total = Math.min(matched, TOKER_MAX_RESULTS);
  const offset = (page.page - 1) * page.size;
  if (offset >= total) return { total, capped: matched > TOKER_MAX_RESULTS, list: [] };
  const rows = await sql<ProspectRow>`
    SELECT ${PROSPECT_COLUMNS} FROM ${from}
    ORDER BY c.established_on DESC NULLS LAST, c.credit_code
    LIMIT ${Math.min(page.size, total - offset)} OFFSET ${offset}`.execute(db);
  return { total, capped: matched > TOKER_MAX_RESULTS, list: rows.rows.map(toProspect) };
}

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

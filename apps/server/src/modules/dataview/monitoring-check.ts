import { createHash } from 'node:crypto';
import { MONITOR_KIND_LABELS, RISK_LABELS, type RiskKind } from '@taxlens/shared';
import { sql } from 'kysely';
import type { DbOrTx } from '../../db/kysely.js';
import type { MonitorBaseline, MonitorKind } from '../../db/tables/data-view.js';
import type { CompanyDataProvider, RiskRecord } from '../companydata/provider.types.js';

/**
 * One check of a monitored company: what the provider and the group's own imports say now,
 * compared with what the previous check saw (the baseline). What is new becomes a risk event
 * with its date and source; the new state becomes the next baseline.
 */

/** The provider's risk lists behind each monitored kind. */
const RISK_KIND_OF: Partial<Record<RiskKind, MonitorKind>> = {
  judgment_document: 'lawsuit',
  court_session: 'lawsuit',
  court_notice: 'lawsuit',
  abnormal_operation: 'abnormal',
  major_tax_violation: 'illegal',
  serious_illegal: 'illegal',
};
const WATCHED_RISK_KINDS = Object.keys(RISK_KIND_OF) as RiskKind[];

/** The provider's risk lists a monitored kind watches (none for credit and invoice). */
export function riskKindsOfMonitorKind(kind: MonitorKind): RiskKind[] {
  return WATCHED_RISK_KINDS.filter((riskKind) => RISK_KIND_OF[riskKind] === kind);
}

const LEVEL_RANK: Record<string, number> = { none: 0, insufficient: 0, low: 1, medium: 2, high: 3 };
const LEVEL_LABEL: Record<string, string> = {
  none: '无风险',
  insufficient: '无风险',
  low: '低风险',
  medium: '中风险',
  high: '高风险',
};

export interface Fact {
  kind: MonitorKind;
  /** Identity of the fact: the same record keeps its key across dataset versions. */
  key: string;
  title: string;
  detail: string | null;
  happenedOn: string | null;
  source: string;
  /** The provider list of a risk fact. */
  riskKind?: RiskKind;
}

/** The group's latest finished invoice report of a company, as the monitoring reads it. */
export interface InvoiceReading {
  reportId: number;
  periodStart: string;
  periodEnd: string;
  finishedOn: string;
  findings: { ruleId: string; level: string; title: string }[];
}

export interface Observation {
  baseline: MonitorBaseline;
  /** Facts new since the previous baseline (all kinds; switches are applied by the caller). */
  fresh: Fact[];
}

/** A record's identity from what it publishes, not its row id: a re-imported list keeps its keys. */
function riskKey(record: RiskRecord): string {
  const text = [record.kind, record.reference ?? '', record.decidedOn ?? '', record.title].join('|');
  return createHash('sha1').update(text).digest('hex').slice(0, 20);
}

function riskFact(kind: MonitorKind, record: RiskRecord): Fact {
  const list = RISK_LABELS[record.kind];
  const parts = [record.reference, record.authority, record.category].filter((part): part is string => !!part);
  return {
    kind,
    key: `risk:${riskKey(record)}`,
    title: `新增${list}：${record.title}`,
    detail: parts.length > 0 ? parts.join('；') : null,
    happenedOn: record.decidedOn,
    source: `${record.source}（数据截至 ${record.asOf}）`,
    riskKind: record.kind,
  };
}

/**
 * Compares the present with the baseline. A first check (no baseline yet) only records the
 * present: what a company already had when it was added is not news.
 */
export async function observeCompany(
  provider: CompanyDataProvider,
  creditCode: string,
  previous: MonitorBaseline,
  invoice: InvoiceReading | null,
): Promise<Observation> {
  const first = previous.risks === undefined;
  const [records, ratings] = await Promise.all([
    provider.risks(creditCode, WATCHED_RISK_KINDS),
    provider.creditRatings(creditCode),
  ]);
  const fresh: Fact[] = [];

  const risks: Partial<Record<MonitorKind, string[]>> = {};
  for (const record of records) {
    const kind = RISK_KIND_OF[record.kind];
    // A record already lifted (移出, 撤销) is not a present risk.
    if (!kind || record.removedOn) continue;
    const fact = riskFact(kind, record);
    risks[kind] = [...(risks[kind] ?? []), fact.key];
    if (!first && !previous.risks?.[kind]?.includes(fact.key)) fresh.push(fact);
  }

  const latest = ratings.reduce<(typeof ratings)[number] | null>(
    (best, r) => (!best || r.year > best.year ? r : best),
    null,
  );
  const credit = latest ? `${latest.year}:${latest.level}` : null;
  if (!first && latest && credit !== previous.credit) {
    const before = previous.credit ? previous.credit.split(':')[1] : null;
    fresh.push({
      kind: 'credit',
      key: `credit:${credit}`,
      title: before
        ? `纳税信用等级由 ${before} 级变为 ${latest.level} 级（${latest.year} 年度）`
        : `纳税信用等级评定为 ${latest.level} 级（${latest.year} 年度）`,
      detail: null,
      happenedOn: `${latest.year}-12-31`,
      source: `${latest.source}（数据截至 ${latest.asOf}）`,
    });
  }

  const levels: Record<string, string> = {};
  for (const finding of invoice?.findings ?? []) levels[finding.ruleId] = finding.level;
  if (!first && invoice && invoice.reportId !== previous.invoiceReportId) {
    for (const finding of invoice.findings) {
      const now = LEVEL_RANK[finding.level] ?? 0;
      const before = LEVEL_RANK[previous.invoice?.[finding.ruleId] ?? 'none'] ?? 0;
      if (now === 0 || now <= before) continue;
      fresh.push({
        kind: 'invoice',
        key: `invoice:${invoice.reportId}:${finding.ruleId}`,
        title: `发票风险升至${LEVEL_LABEL[finding.level]}：${finding.title}`,
        detail: `由${LEVEL_LABEL[previous.invoice?.[finding.ruleId] ?? 'none']}升至${LEVEL_LABEL[finding.level]}`,
        happenedOn: invoice.finishedOn,
        source: `本机构导入数据：发票穿透报告（${invoice.periodStart} 至 ${invoice.periodEnd}）`,
      });
    }
  }

  return {
    baseline: { risks, credit, invoiceReportId: invoice?.reportId ?? null, invoice: levels },
    fresh,
  };
}

/**
 * The latest finished invoice report of each company (by credit code) among the group's own:
 * one query for a batch of monitored companies.
 */
export async function latestInvoiceReadings(
  db: DbOrTx,
  pairs: readonly { groupId: number; creditCode: string }[],
): Promise<Map<string, InvoiceReading>> {
  const found = new Map<string, InvoiceReading>();
  if (pairs.length === 0) return found;
  const groups = pairs.map((pair) => pair.groupId);
  const codes = pairs.map((pair) => pair.creditCode);
  const rows = await sql<{
    group_id: string;
    company_tax_no: string;
    id: string;
    period_start: string;
    period_end: string;
    finished_on: string;
    findings: { ruleId: string; level: string; title: string }[] | null;
  }>`
    SELECT DISTINCT ON (r.group_id, r.company_tax_no)
      r.group_id, r.company_tax_no, r.id, r.period_start::text, r.period_end::text,
      to_char(r.finished_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD') AS finished_on,
      r.result -> 'findings' AS findings
    FROM reports r
    JOIN unnest(${sql.val(groups)}::bigint[], ${sql.val(codes)}::text[]) AS m(group_id, code)
      ON r.group_id = m.group_id AND r.company_tax_no = m.code
    WHERE r.report_type = 'INVOICE' AND r.status = 'done'
    ORDER BY r.group_id, r.company_tax_no, r.finished_at DESC, r.id DESC`.execute(db);
  for (const row of rows.rows) {
    found.set(`${row.group_id}:${row.company_tax_no}`, {
      reportId: Number(row.id),
      periodStart: row.period_start,
      periodEnd: row.period_end,
      finishedOn: row.finished_on,
      findings: (row.findings ?? []).map(({ ruleId, level, title }) => ({ ruleId, level, title })),
    });
  }
  return found;
}

export const kindLabel = (kind: MonitorKind) => MONITOR_KIND_LABELS[kind];

/** Seeding and independent expected figures for the industry-insight tests (not a test file itself). */
import { createGroup, createUser } from '../../../test/factories.js';
import type { TestContext } from '../../../test/helpers.js';

export type Level = 'high' | 'medium' | 'low' | 'none';

export interface SeedReport {
  level: Level;
  /** Titles of the risk items found (each counted at level medium). */
  items?: string[];
  /** ISO instant the report finished; now when left out. */
  finishedAt?: string;
  reportType?: 'INVOICE' | 'TAX' | 'COMPREHENSIVE' | 'PANORAMIC';
}

export interface SeedClient {
  /** The company record's industry code; null to leave it to the registry. */
  industryCode: string | null;
  /** A credit code of the registry, when the registry should give the industry. */
  taxNo?: string;
  assigneeId?: number | null;
  reports: SeedReport[];
}

let serial = 0;

/** A fresh group with a main account and the data service, for benchmarks over several groups. */
export async function seedGroup(ctx: TestContext): Promise<{ groupId: number; userId: number; phone: string }> {
  const groupId = await createGroup(ctx.db);
  await ctx.db.updateTable('groups').set({ data_price_auth: 1 }).where('id', '=', groupId).execute();
  const user = await createUser(ctx.db, { groupId, level: 1 });
  return { groupId, userId: user.id, phone: user.phone };
}

/** Companies of a group with finished reports, as the report job leaves them. */
export async function seedClients(ctx: TestContext, groupId: number, userId: number, clients: SeedClient[]) {
  for (const client of clients) {
    serial += 1;
    const taxNo =
      client.taxNo ?? `91110000IND${String(process.pid % 1000).padStart(3, '0')}${String(serial).padStart(4, '0')}`;
    const company = await ctx.db
      .insertInto('companies')
      .values({
        group_id: groupId,
        taxpayer_name: `行业测试企业${serial}有限公司`,
        tax_no: taxNo,
        industry_code: client.industryCode,
        assignee_id: client.assigneeId ?? null,
        created_by: userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const report of client.reports) {
      serial += 1;
      const items = report.items ?? [];
      const findings = items.map((title, index) => ({ ruleId: `T${index}`, title, level: 'medium' }));
      // A rule that did not fire is in the findings too; it must not count as a risk item.
      findings.push({ ruleId: 'TN', title: '未触发的检查项', level: 'none' });
      await ctx.db
        .insertInto('reports')
        .values({
          group_id: groupId,
          company_id: company.id,
          company_name: `行业测试企业${serial}`,
          company_tax_no: taxNo,
          report_type: report.reportType ?? 'INVOICE',
          period_start: '2025-01',
          period_end: '2025-12',
          status: 'done',
          result: JSON.stringify({ findings }),
          overall_level: report.level,
          medium_count: items.length,
          request_key: `industry-${serial}`,
          created_by: userId,
          finished_at: report.finishedAt ?? new Date().toISOString(),
        })
        .execute();
    }
  }
}

export interface ReportFact {
  groupId: number;
  companyId: number;
  section: string;
  level: string;
  findings: number;
  finishedAt: Date;
  reportId: number;
  reportType: string;
}

/** Every finished report with its client's section, read plainly; the figures below are computed in JS. */
export async function reportFacts(ctx: TestContext): Promise<ReportFact[]> {
  const rows = await ctx.db
    .selectFrom('reports as r')
    .innerJoin('companies as c', 'c.id', 'r.company_id')
    .leftJoin('cd_companies as cd', 'cd.credit_code', 'c.tax_no')
    .select(['r.id', 'r.group_id', 'r.company_id', 'r.overall_level', 'r.report_type', 'r.finished_at'])
    .select(['r.high_count', 'r.medium_count', 'r.low_count', 'c.industry_code', 'cd.industry_code as registry_code'])
    .where('r.status', '=', 'done')
    .where('r.overall_level', 'is not', null)
    .execute();
  const letter = (code: string | null | undefined) => {
    const first = (code ?? '').slice(0, 1).toUpperCase();
    return /^[A-T]$/.test(first) ? first : null;
  };
  return rows.map((row) => ({
    groupId: Number(row.group_id),
    companyId: Number(row.company_id),
    section: letter(row.industry_code) ?? letter(row.registry_code) ?? '-',
    level: row.overall_level as string,
    findings: row.high_count + row.medium_count + row.low_count,
    finishedAt: row.finished_at as Date,
    reportId: Number(row.id),
    reportType: row.report_type,
  }));
}

/** The latest report of each client among the given facts. */
export function latestPerClient(facts: ReportFact[]): ReportFact[] {
  const latest = new Map<number, ReportFact>();
  for (const fact of facts) {
    const held = latest.get(fact.companyId);
    const newer =
      !held ||
      fact.finishedAt.getTime() > held.finishedAt.getTime() ||
      (fact.finishedAt.getTime() === held.finishedAt.getTime() && fact.reportId > held.reportId);
    if (newer) latest.set(fact.companyId, fact);
  }
  return [...latest.values()];
}

export interface Figures {
  high: number;
  medium: number;
  low: number;
  none: number;
  findings: number;
  count: number;
}

/** Shares (percent, one decimal) and average risk items of some latest reports. */
export function figuresOf(latest: ReportFact[]): Figures {
  const count = latest.length;
  const pct = (level: string) => Math.round((latest.filter((f) => f.level === level).length / count) * 1000) / 10;
  return {
    high: pct('high'),
    medium: pct('medium'),
    low: pct('low'),
    none: pct('none'),
    findings: Math.round((latest.reduce((sum, f) => sum + f.findings, 0) / count) * 100) / 100,
    count,
  };
}

/** Group figures for one section: each group's own, unrounded, for the platform mean. */
export function groupFigures(latest: ReportFact[], section: string): Map<number, { high: number; findings: number }> {
  const byGroup = new Map<number, ReportFact[]>();
  for (const fact of latest.filter((f) => f.section === section)) {
    byGroup.set(fact.groupId, [...(byGroup.get(fact.groupId) ?? []), fact]);
  }
  return new Map(
    [...byGroup].map(([groupId, facts]) => [
      groupId,
      {
        high: facts.filter((f) => f.level === 'high').length / facts.length,
        findings: facts.reduce((sum, f) => sum + f.findings, 0) / facts.length,
      },
    ]),
  );
}

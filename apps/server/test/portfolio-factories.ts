import type { Db } from '../src/db/kysely.js';
import type { ReportTypeName } from '../src/db/tables/reports.js';

/**
 * A firm's client portfolio written straight into the tables (companies, finished reports with
 * their findings, imports) for tests that count over many clients: generating each report through
 * the engine would take minutes and say nothing more about the counting.
 */
let serial = 0;

/** A valid-looking 18-character credit code, unique per call. */
function creditCode(): string {
  serial += 1;
  return `91440300MA${String(process.pid % 1000).padStart(3, '0')}${String(serial).padStart(5, '0')}`;
}

export async function createCompany(
  db: Db,
  options: { groupId: number; name: string; createdBy: number; assigneeId?: number | null },
): Promise<{ id: number; taxNo: string }> {
  const taxNo = creditCode();
  const row = await db
    .insertInto('companies')
    .values({
      group_id: options.groupId,
      taxpayer_name: options.name,
      tax_no: taxNo,
      industry_code: 'F',
      industry_name: '批发和零售业',
      taxpayer_type: 'general',
      assignee_id: options.assigneeId ?? null,
      created_by: options.createdBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: Number(row.id), taxNo };
}

export interface FindingSeed {
  title: string;
  level: 'high' | 'medium' | 'low' | 'none' | 'insufficient';
}

/** A report of the company in a given state, made at `createdAt`, with findings as the engine stores them. */
export async function addReport(
  db: Db,
  company: { id: number; taxNo: string; groupId: number; name: string },
  options: {
    type: ReportTypeName;
    createdAt: string;
    status?: 'done' | 'failed';
    level?: 'high' | 'medium' | 'low' | 'none' | null;
    findings?: FindingSeed[];
    createdBy: number;
  },
): Promise<number> {
  const findings = (options.findings ?? []).map((finding, at) => ({
    ruleId: `TEST_RULE_${at}`,
    title: finding.title,
    category: '测试',
    level: finding.level,
    summary: `${finding.title}。`,
    figures: [],
    threshold: '',
    evidence: null,
    explanation: '',
    basis: '',
    suggestion: '',
  }));
  const count = (level: string) => findings.filter((finding) => finding.level === level).length;
  const done = (options.status ?? 'done') === 'done';
  const row = await db
    .insertInto('reports')
    .values({
      group_id: company.groupId,
      company_id: company.id,
      company_name: company.name,
      company_tax_no: company.taxNo,
      report_type: options.type,
      period_start: '2025-01',
      period_end: '2025-12',
      status: options.status ?? 'done',
      failure_reason: done ? null : '数据不足',
      result: done ? JSON.stringify({ kind: options.type, findings }) : null,
      overall_level: done ? (options.level ?? null) : null,
      high_count: count('high'),
      medium_count: count('medium'),
      low_count: count('low'),
      sources: '[]',
      request_key: `portfolio-${Math.random()}`,
      created_by: options.createdBy,
      created_at: new Date(options.createdAt),
      finished_at: done ? new Date(options.createdAt) : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** An import of the company that ended `daysAgo` days ago (done unless told otherwise). */
export async function addImport(
  db: Db,
  company: { id: number; groupId: number },
  options: {
    daysAgo: number;
    status?: 'done' | 'failed';
    kind?: 'invoice' | 'statement' | 'return';
    createdBy: number;
  },
): Promise<void> {
  const at = new Date(Date.now() - options.daysAgo * 86_400_000);
  await db
    .insertInto('imports')
    .values({
      group_id: company.groupId,
      company_id: company.id,
      kind: options.kind ?? 'invoice',
      file_name: '全量发票查询.xlsx',
      file_size: 1024,
      file_sha256: `portfolio-${Math.random()}`,
      stored_key: `imports/${company.groupId}/portfolio.xlsx`,
      status: options.status ?? 'done',
      summary: '{}',
      created_by: options.createdBy,
      created_at: at,
      finished_at: at,
    })
    .execute();
}

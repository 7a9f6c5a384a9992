import { IMPORT_KINDS, REPORT_KINDS, type Workbench } from '@taxlens/shared';
import { sql } from 'kysely';
import type { Db } from '../../db/kysely.js';
import type { Actor } from '../accounts/accounts.policy.js';
import { walletView } from '../billing/wallet.service.js';
import { visibleOwners } from '../companies/companies.policy.js';
import { ownedBy } from '../companies/companies.repo.js';

const LIST_SIZE = 5;
const COMPANY_LIST_SIZE = 6;
const FAILURE_DAYS = 30;
const KIND_NAMES = new Map<string, string>(REPORT_KINDS.map((kind) => [kind.reportType, kind.name]));
const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * The home workbench in one round of small queries, all run at once and each bounded by an index
 * and a LIMIT: the first screen must not wait on a scan of a big group's invoices. Visibility is
 * the same as everywhere: the main account sees the group; a supervisor its own and its staff's
 * companies and reports; staff their own.
 */
export async function workbench(db: Db, actor: Actor): Promise<Workbench> {
  const owners = await visibleOwners(db, actor);
  const companies = () =>
    db.selectFrom('companies as c').where('c.group_id', '=', actor.groupId).where(ownedBy(owners));
  const reports = () => {
    const query = db.selectFrom('reports as r').where('r.group_id', '=', actor.groupId);
    return owners ? query.where('r.created_by', 'in', owners) : query;
  };
  const imports = () =>
    db
      .selectFrom('imports as i')
      .innerJoin('companies as c', 'c.id', 'i.company_id')
      .where('i.group_id', '=', actor.groupId)
      .where(ownedBy(owners));
  const since = sql<Date>`now() - make_interval(days => ${FAILURE_DAYS})`;

  const [
    count,
    companyRows,
    reportRows,
    importRows,
    pending,
    failedReports,
    failedImports,
    imported,
    reported,
    wallet,
  ] = await Promise.all([
    companies().select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
    companies()
      .select([
        'c.id',
        'c.taxpayer_name',
        'c.tax_no',
        sql<string | null>`(SELECT to_char(max(issued_at), 'YYYY-MM') FROM invoices WHERE company_id = c.id)`.as(
          'invoices_until',
        ),
        sql<string | null>`(SELECT max(period) FROM financial_figures WHERE company_id = c.id
            AND statement IN ('balance_sheet', 'income_statement'))`.as('statements_until'),
        sql<string | null>`(SELECT max(period) FROM financial_figures WHERE company_id = c.id
            AND statement IN ('vat_return', 'cit_return'))`.as('returns_until'),
        sql<Date | null>`(SELECT max(created_at) FROM reports WHERE company_id = c.id)`.as('last_report_at'),
        sql<Date>`greatest(c.updated_at, (SELECT max(created_at) FROM imports WHERE company_id = c.id))`.as(
          'active_at',
        ),
      ])
      .orderBy('active_at', 'desc')
      .orderBy('c.id', 'desc')
      .limit(COMPANY_LIST_SIZE)
      .execute(),
    reports()
      .select(['r.id', 'r.report_type', 'r.company_name', 'r.status', 'r.created_at', 'r.high_count', 'r.medium_count'])
      .orderBy('r.created_at', 'desc')
      .limit(LIST_SIZE)
      .execute(),
    imports()
      .select([
        'i.id',
        'i.company_id',
        'c.taxpayer_name',
        'i.kind',
        'i.file_name',
        'i.status',
        'i.source',
        'i.created_at',
      ])
      .orderBy('i.created_at', 'desc')
      .limit(LIST_SIZE)
      .execute(),
    imports()
      .select(['i.id', 'i.company_id', 'c.taxpayer_name', 'i.kind', 'i.file_name', 'i.created_at'])
      .where('i.source', '=', 'share')
      .where('i.status', '=', 'done')
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('reports as later')
              .select(sql`1`.as('one'))
              .whereRef('later.company_id', '=', 'i.company_id')
              .whereRef('later.created_at', '>', 'i.created_at'),
          ),
        ),
      )
      .orderBy('i.created_at', 'desc')
      .limit(LIST_SIZE)
      .execute(),
    reports()
      .select(['r.id', 'r.company_id', 'r.report_type', 'r.company_name', 'r.failure_reason', 'r.created_at'])
      .where('r.status', '=', 'failed')
      .where('r.created_at', '>', since)
      .orderBy('r.created_at', 'desc')
      .limit(LIST_SIZE)
      .execute(),
    imports()
      .select([
        'i.id',
        'i.company_id',
        'c.taxpayer_name',
        'i.kind',
        'i.file_name',
        'i.message',
        'i.status',
        'i.created_at',
      ])
      .where('i.status', 'in', ['failed', 'rejected'])
      .where('i.created_at', '>', since)
      .orderBy('i.created_at', 'desc')
      .limit(LIST_SIZE)
      .execute(),
    imports().select('i.id').where('i.status', '=', 'done').limit(1).executeTakeFirst(),
    reports().select('r.id').where('r.status', '=', 'done').limit(1).executeTakeFirst(),
    walletView(db, actor),
  ]);

  const failures = [
    ...failedReports.map((row) => ({
      kind: 'report' as const,
      id: row.id,
      companyId: row.company_id,
      title: `${row.company_name} · ${KIND_NAMES.get(row.report_type) ?? row.report_type}`,
      reason: row.failure_reason ?? '生成失败',
      at: iso(row.created_at),
    })),
    ...failedImports.map((row) => ({
      kind: 'import' as const,
      id: row.id,
      companyId: row.company_id,
      title: `${row.taxpayer_name} · ${IMPORT_KINDS[row.kind]} · ${row.file_name}`,
      reason: row.message ?? (row.status === 'rejected' ? '文件有错误行，未导入' : '导入失败'),
      at: iso(row.created_at),
    })),
  ]
    .sort((a, b) => b.at.localeCompare(a.at))
    .slice(0, LIST_SIZE);

  return {
    steps: { bound: count.n > 0, imported: imported !== undefined, reported: reported !== undefined },
    companyCount: count.n,
    companies: companyRows.map((row) => ({
      id: row.id,
      taxpayerName: row.taxpayer_name,
      taxNo: row.tax_no,
      invoicesUntil: row.invoices_until,
      statementsUntil: row.statements_until,
      returnsUntil: row.returns_until,
      lastReportAt: row.last_report_at ? iso(row.last_report_at) : null,
    })),
    recentReports: reportRows.map((row) => ({
      id: row.id,
      reportType: row.report_type,
      companyName: row.company_name,
      status: row.status,
      createdAt: iso(row.created_at),
      highCount: row.high_count,
      mediumCount: row.medium_count,
    })),
    recentImports: importRows.map((row) => ({
      id: row.id,
      companyId: row.company_id,
      companyName: row.taxpayer_name,
      kind: row.kind,
      fileName: row.file_name,
      status: row.status,
      source: row.source,
      createdAt: iso(row.created_at),
    })),
    pendingUploads: pending.map((row) => ({
      importId: row.id,
      companyId: row.company_id,
      companyName: row.taxpayer_name,
      fileName: row.file_name,
      kind: row.kind,
      createdAt: iso(row.created_at),
    })),
    failures,
    wallet: {
      balance: wallet.balance,
      credits: wallet.numberList.map((item) => ({ type: item.type, name: item.name, count: item.count })),
    },
  };
}

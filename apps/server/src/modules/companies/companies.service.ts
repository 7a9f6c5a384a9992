import {
  type CompanyFields,
  checkCreditCode,
  formatDateTime,
  formatFen,
  industrySectionName,
  maskPhone,
  regionName,
  TAXPAYER_TYPES,
} from '@taxlens/shared';
import type { Updateable } from 'kysely';
import type { Db, DbOrTx } from '../../db/kysely.js';
import type { CompaniesTable } from '../../db/tables/companies.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { buildXlsx } from '../../lib/xlsx-export.js';
import type { Actor } from '../accounts/accounts.policy.js';
import { writeAudit } from '../accounts/audit.repo.js';
import { canAssignTo, visibleOwners } from './companies.policy.js';
import { presentCompany } from './companies.presenter.js';
import {
  type CompanyFilters,
  deleteCompany,
  findByTaxNo,
  findCompany,
  insertCompany,
  listCompanies,
  updateCompany,
} from './companies.repo.js';

const CHECKSUM_WARNING = '统一社会信用代码校验位不符（可能是早期试点代码），已按原样保存，请核对';

function taxNoWarning(taxNo: string): string | null {
  return taxNo.length === 18 && checkCreditCode(taxNo) === 'checksum-mismatch' ? CHECKSUM_WARNING : null;
}

const FIELD_COLUMNS = [
  ['taxpayerName', 'taxpayer_name'],
  ['regionCode', 'region_code'],
  ['industryCode', 'industry_code'],
  ['industryName', 'industry_name'],
  ['taxpayerType', 'taxpayer_type'],
  ['accountingStandard', 'accounting_standard'],
  ['legalPerson', 'legal_person'],
  ['contactName', 'contact_name'],
  ['contactPhone', 'contact_phone'],
  ['address', 'address'],
  ['remark', 'remark'],
  ['invoiceLimitFen', 'invoice_limit_fen'],
] as const satisfies readonly (readonly [keyof CompanyFields, keyof CompaniesTable])[];

/** The columns a (partial) form sets; a field left out stays as it is, an emptied one becomes null. */
function columnsOf(fields: Partial<CompanyFields>): Updateable<CompaniesTable> {
  const columns: Record<string, unknown> = {};
  for (const [field, column] of FIELD_COLUMNS) {
    if (fields[field] !== undefined) columns[column] = fields[field] ?? null;
  }
  if (fields.taxNo !== undefined)
    Object.assign(columns, { tax_no: fields.taxNo, tax_no_warning: taxNoWarning(fields.taxNo) });
  return columns as Updateable<CompaniesTable>;
}

async function checkAssignee(db: Db, actor: Actor, owners: number[] | null, assigneeId: number): Promise<void> {
  const user = await db
    .selectFrom('users')
    .select('id')
    .where('id', '=', assigneeId)
    .where('group_id', '=', actor.groupId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!user) throw notFound('负责人不存在或已删除');
  if (!canAssignTo(owners, assigneeId)) throw new AppError('FORBIDDEN', '只能分配给自己或本团队的员工');
}

/**
 * The one assignment policy, for assignFirm and for an assignee changed through updateFirm:
 * staff never reassign, only the main account unassigns, supervisors hand to their own people.
 */
export async function authorizeAssign(db: Db, actor: Actor, owners: number[] | null, assigneeId: number | null) {
  if (actor.level === 3) throw new AppError('FORBIDDEN', '员工不能分配企业负责人');
  if (assigneeId !== null) await checkAssignee(db, actor, owners, assigneeId);
  else if (actor.level !== 1) throw new AppError('FORBIDDEN', '只有主账号可以取消分配');
}

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string }).code === '23505';
}

export async function bindCompany(
  db: Db,
  actor: Actor,
  fields: CompanyFields,
): Promise<{ firmId: number; warning: string | null }> {
  const owners = await visibleOwners(db, actor);
  const assigneeId = fields.assigneeId ?? (actor.level === 1 ? null : actor.userId);
  if (assigneeId !== null) await checkAssignee(db, actor, owners, assigneeId);
  if (await findByTaxNo(db, actor.groupId, fields.taxNo)) throw new AppError('CONFLICT', '该企业已绑定，请勿重复添加');
  try {
    const firmId = await db.transaction().execute(async (tx) => {
      const id = await insertCompany(tx, {
        ...columnsOf(fields),
        group_id: actor.groupId,
        taxpayer_name: fields.taxpayerName,
        tax_no: fields.taxNo,
        assignee_id: assigneeId,
        created_by: actor.userId,
      });
      await writeAudit(tx, {
        groupId: actor.groupId,
        actorId: actor.userId,
        action: 'company.bind',
        detail: { firmId: id, taxNo: fields.taxNo },
      });
      return id;
    });
    return { firmId, warning: taxNoWarning(fields.taxNo) };
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', '该企业已绑定，请勿重复添加');
    throw error;
  }
}

export async function companyDetails(db: Db, actor: Actor, firmId: number) {
  const row = await findCompany(db, actor.groupId, await visibleOwners(db, actor), firmId);
  if (!row) throw notFound('企业不存在或已删除');
  return presentCompany(row);
}

/** Reads a company the actor may see, else 404: what every company-scoped call starts with. */
export async function requireCompany(db: Db, actor: Actor, firmId: number) {
  const row = await findCompany(db, actor.groupId, await visibleOwners(db, actor), firmId);
  if (!row) throw notFound('企业不存在或已删除');
  return row;
}

/**
 * findFirmList as objects, through presentCompany: what company-page.ts writes as text for the
 * route, and the reference its test holds that text to, byte for byte.
 */
export async function companyList(db: Db, actor: Actor, filters: CompanyFilters, page: { page: number; size: number }) {
  const { rows, total } = await listCompanies(db, actor.groupId, await visibleOwners(db, actor), filters, page);
  return { list: rows.map(presentCompany), total, page: page.page, size: page.size };
}

export async function companyNames(db: Db, actor: Actor, keyword?: string) {
  const { rows } = await listCompanies(
    db,
    actor.groupId,
    await visibleOwners(db, actor),
    { keyword },
    { page: 1, size: 200 },
  );
  return rows.map((row) => ({ firmId: row.id, taxpayerName: row.taxpayer_name, taxNo: row.tax_no }));
}

export async function editCompany(db: Db, actor: Actor, firmId: number, fields: Partial<CompanyFields>) {
  const owners = await visibleOwners(db, actor);
  const current = await findCompany(db, actor.groupId, owners, firmId);
  if (!current) throw notFound('企业不存在或已删除');
  const reassign = fields.assigneeId !== undefined && fields.assigneeId !== current.assignee_id;
  if (reassign) await authorizeAssign(db, actor, owners, fields.assigneeId ?? null);
  if (fields.taxNo && fields.taxNo !== current.tax_no && (await findByTaxNo(db, actor.groupId, fields.taxNo))) {
    throw new AppError('CONFLICT', '该纳税人识别号已被其他企业使用');
  }
  await db.transaction().execute(async (tx) => {
    await updateCompany(tx, actor.groupId, firmId, {
      ...columnsOf(fields),
      ...(reassign ? { assignee_id: fields.assigneeId ?? null } : {}),
    });
    await writeAudit(tx, {
      groupId: actor.groupId,
      actorId: actor.userId,
      action: 'company.update',
      detail: { firmId, fields: Object.keys(fields) },
    });
  });
  return { warning: fields.taxNo ? taxNoWarning(fields.taxNo) : null };
}

export async function assignCompany(db: Db, actor: Actor, firmId: number, assigneeId: number | null) {
  const owners = await visibleOwners(db, actor);
  if (!(await findCompany(db, actor.groupId, owners, firmId))) throw notFound('企业不存在或已删除');
  await authorizeAssign(db, actor, owners, assigneeId);
  await db.transaction().execute(async (tx) => {
    await updateCompany(tx, actor.groupId, firmId, { assignee_id: assigneeId });
    await writeAudit(tx, {
      groupId: actor.groupId,
      actorId: actor.userId,
      action: 'company.assign',
      targetUserId: assigneeId,
      detail: { firmId },
    });
  });
}

/** Deletes the company and, through the foreign keys, every piece of data imported for it. */
/**
 * Deletes the company with its imports, invoices and figures (the database cascades); its reports
 * stay, detached. `removeFiles` gets the uploaded files and error reports left without a row, once
 * the deletion has committed, so a failure never loses a file that is still referenced.
 */
export async function removeCompany(
  db: Db,
  actor: Actor,
  firmId: number,
  removeFiles: (keys: string[]) => Promise<void>,
) {
  const row = await requireCompany(db, actor, firmId);
  const keys = await db.transaction().execute(async (tx) => {
    const files = await tx
      .selectFrom('imports')
      .select(['stored_key', 'problem_report_key'])
      .where('company_id', '=', firmId)
      .execute();
    await deleteCompany(tx, actor.groupId, firmId);
    await writeAudit(tx, {
      groupId: actor.groupId,
      actorId: actor.userId,
      action: 'company.delete',
      detail: { firmId, taxpayerName: row.taxpayer_name, taxNo: row.tax_no },
    });
    return files.flatMap((file) => [file.stored_key, file.problem_report_key ?? []].flat());
  });
  await removeFiles(keys);
}

/** Whether the group has the code; who has it only when the caller may see that company. */
export async function bindingState(db: Db, actor: Actor, taxNo: string) {
  const row = await findByTaxNo(db, actor.groupId, taxNo.trim().toUpperCase());
  if (!row) return { bound: false, firmId: null, taxpayerName: null };
  const visible = await findCompany(db, actor.groupId, await visibleOwners(db, actor), row.id);
  return { bound: true, firmId: visible?.id ?? null, taxpayerName: visible?.taxpayer_name ?? null };
}

/** Whether a user of the group (e.g. a share link's creator) may see the company. */
export async function userSeesCompany(db: DbOrTx, groupId: number, userId: number, companyId: number) {
  const user = await db
    .selectFrom('users')
    .select(['level', 'group_id'])
    .where('id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!user || user.group_id !== groupId) return false;
  const owners = await visibleOwners(db, { userId, groupId, level: user.level, notMenus: [] });
  return Boolean(await findCompany(db, groupId, owners, companyId));
}

export async function exportCompanies(db: Db, actor: Actor, filters: CompanyFilters): Promise<Buffer> {
  const { rows } = await listCompanies(db, actor.groupId, await visibleOwners(db, actor), filters, null);
  const standards = { enterprise: '企业会计准则', small_enterprise: '小企业会计准则' } as const;
  return buildXlsx(
    '企业列表',
    [
      { header: '企业名称', width: 36, value: (row) => row.taxpayer_name },
      { header: '纳税人识别号', width: 22, value: (row) => row.tax_no },
      { header: '地区', value: (row) => regionName(row.region_code) },
      { header: '行业', width: 28, value: (row) => row.industry_name ?? industrySectionName(row.industry_code) },
      { header: '纳税人类型', value: (row) => (row.taxpayer_type ? TAXPAYER_TYPES[row.taxpayer_type] : '-') },
      { header: '会计准则', value: (row) => (row.accounting_standard ? standards[row.accounting_standard] : '-') },
      {
        header: '单张开票限额（元）',
        value: (row) => (row.invoice_limit_fen ? formatFen(row.invoice_limit_fen) : '-'),
      },
      {
        header: '负责人',
        value: (row) => row.assignee_name ?? (row.assignee_phone ? maskPhone(row.assignee_phone) : '-'),
      },
      { header: '添加时间', width: 20, value: (row) => formatDateTime(row.created_at.toISOString()) },
    ],
    rows,
  );
}

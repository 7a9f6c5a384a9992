import type { Readable } from 'node:stream';
import type { ShareLink } from '@taxlens/shared';
import { sql } from 'kysely';
import type PgBoss from 'pg-boss';
import QRCode from 'qrcode';
import type { Db } from '../../db/kysely.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { FileStorage } from '../../lib/storage.js';
import { newToken } from '../../lib/tokens.js';
import { publishEvent } from '../../plugins/realtime.js';
import type { Actor } from '../accounts/accounts.policy.js';
import { viewersOf, visibleOwners } from '../companies/companies.policy.js';
import { findByTaxNo, insertCompany, updateCompany } from '../companies/companies.repo.js';
import { requireCompany, userSeesCompany } from '../companies/companies.service.js';
import type { ImportKind } from '../imports/import-files.js';
import { startImport } from '../imports/imports.service.js';
import { notifyClientUpload } from './client-upload-notice.js';
import { findLink, findLinkByToken, listLinks, type ShareLinkRow } from './share.repo.js';

export const SHARE_EVENT = 'SHARE_LINK';
/** Files one link accepts in its life: enough for a client's exports, not an open upload box. */
export const SHARE_LINK_UPLOAD_LIMIT = 20;

export function presentLink(row: ShareLinkRow, baseUrl: string): ShareLink {
  return {
    shareId: row.id,
    firmId: row.company_id,
    taxpayerName: row.taxpayer_name,
    state: row.state,
    url: `${baseUrl}/share/bind?token=${row.token}`,
    note: row.note,
    createTime: row.created_at.toISOString(),
    expireTime: new Date(row.expires_at).toISOString(),
    revoked: row.revoked_at !== null,
    expired: row.expired,
    uploads: Number(row.uploads),
  };
}

export async function createLink(
  db: Db,
  actor: Actor,
  input: { firmId?: number | null; expiresInDays: number; note?: string | null },
) {
  if (input.firmId) await requireCompany(db, actor, input.firmId);
  const row = await db
    .insertInto('share_links')
    .values({
      group_id: actor.groupId,
      company_id: input.firmId ?? null,
      token: newToken(),
      note: input.note ?? null,
      created_by: actor.userId,
      expires_at: sql<Date>`now() + make_interval(days => ${input.expiresInDays})`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return requireLink(db, actor, row.id);
}

/** A link the actor may see: the main account all of the group's, others those they or their staff made. */
export async function requireLink(db: Db, actor: Actor, shareId: number): Promise<ShareLinkRow> {
  const row = await findLink(db, actor.groupId, shareId);
  const owners = await visibleOwners(db, actor);
  if (!row || (owners !== null && !owners.includes(row.created_by))) throw notFound('客户上传链接不存在');
  return row;
}

export async function linkList(
  db: Db,
  actor: Actor,
  companyId: number | undefined,
  page: { page: number; size: number },
) {
  const owners = await visibleOwners(db, actor);
  return listLinks(db, actor.groupId, { companyId, createdBy: owners ?? undefined }, page);
}

export async function revokeLink(db: Db, actor: Actor, shareId: number) {
  await requireLink(db, actor, shareId);
  await db.updateTable('share_links').set({ revoked_at: sql`now()` }).where('id', '=', shareId).execute();
}

/** No SMTP server is configured: the mail goes to the outbox table and the log, as the UI says. */
export async function mailLink(
  db: Db,
  actor: Actor,
  shareId: number,
  email: string,
  baseUrl: string,
  log: (line: string) => void,
) {
  const link = presentLink(await requireLink(db, actor, shareId), baseUrl);
  const group = await db.selectFrom('groups').select('name').where('id', '=', actor.groupId).executeTakeFirstOrThrow();
  const subject = `${group.name}邀请您上传企业涉税数据`;
  const body = `您好：\n\n${group.name}邀请您通过以下客户上传链接填写企业信息并上传电子税务局导出的发票数据：\n${link.url}\n\n链接有效期至 ${link.expireTime.slice(0, 10)}。如有疑问请联系您的财税顾问。`;
  await db.insertInto('mail_outbox').values({ group_id: actor.groupId, recipient: email, subject, body }).execute();
  log(`[mail outbox] to ${email}: ${subject}`);
}

export function qrCodePng(url: string): Promise<Buffer> {
  return QRCode.toBuffer(url, { type: 'png', width: 320, margin: 2, errorCorrectionLevel: 'M' });
}

/** The link behind a token if it can still be used; expired or revoked links accept nothing. */
export async function usableLink(db: Db, token: string): Promise<ShareLinkRow> {
  const row = await findLinkByToken(db, token);
  if (!row) throw notFound('链接无效，请确认链接完整');
  if (row.revoked_at !== null || row.expired) throw new AppError('LINK_EXPIRED');
  return row;
}

export async function linkInfo(db: Db, token: string) {
  const row = await findLinkByToken(db, token);
  if (!row)
    return {
      valid: false,
      reason: '链接无效，请确认链接完整',
      groupName: null,
      state: null,
      company: null,
      expireTime: null,
    };
  const dead =
    row.revoked_at !== null
      ? '链接已被撤销，请联系您的财税顾问重新获取'
      : row.expired
        ? '链接已过期，请联系您的财税顾问重新获取'
        : null;
  // An expired or revoked link says only that: not whose firm sent it, nor which company it is for.
  if (dead) return { valid: false, reason: dead, groupName: null, state: null, company: null, expireTime: null };
  return {
    valid: true,
    reason: null,
    groupName: row.group_name,
    state: row.state,
    company: row.taxpayer_name && row.tax_no ? { taxpayerName: row.taxpayer_name, taxNo: row.tax_no } : null,
    expireTime: new Date(row.expires_at).toISOString(),
  };
}

const ALREADY_REGISTERED = '该企业已由贵所登记，请联系您的顾问';

export interface ClientCompanyFields {
  taxpayerName: string;
  taxNo: string;
  regionCode?: string | null;
  industryCode?: string | null;
  taxpayerType?: 'general' | 'small_scale' | null;
  accountingStandard?: 'enterprise' | 'small_enterprise' | null;
  legalPerson?: string | null;
  contactName: string;
  contactPhone: string;
  address?: string | null;
}

/**
 * The client fills in its company. A link made for a company must name that company; a link
 * for a company still to be named creates it for the firm, or joins the one the firm already has
 * when the link's creator may see it (filling only what the firm left empty): an anonymous holder
 * of a link must never take over another adviser's client.
 */
export async function bindFromLink(db: Db, token: string, fields: ClientCompanyFields): Promise<number> {
  const link = await usableLink(db, token);
  // What the client left empty keeps the firm's value: a client's blank must not erase the firm's data.
  const contact = Object.fromEntries(
    Object.entries({
      legal_person: fields.legalPerson,
      contact_name: fields.contactName,
      contact_phone: fields.contactPhone,
      address: fields.address,
      region_code: fields.regionCode,
      industry_code: fields.industryCode,
      taxpayer_type: fields.taxpayerType,
      accounting_standard: fields.accountingStandard,
    }).filter(([, value]) => value !== null && value !== undefined),
  );
  const companyId = await db.transaction().execute(async (tx) => {
    let id = link.company_id;
    let values = contact;
    if (id !== null) {
      if (link.tax_no !== fields.taxNo)
        throw new AppError('VALIDATION', '纳税人识别号与邀请的企业不一致，请核对', {
          fields: { taxNo: '纳税人识别号与邀请的企业不一致' },
        });
    } else {
      const existing = await findByTaxNo(tx, link.group_id, fields.taxNo);
      if (existing) {
        if (!(await userSeesCompany(tx, link.group_id, link.created_by, existing.id)))
          throw new AppError('CONFLICT', ALREADY_REGISTERED, { fields: { taxNo: ALREADY_REGISTERED } });
        id = existing.id;
        values = Object.fromEntries(
          Object.entries(contact).filter(([column]) => existing[column as keyof typeof existing] === null),
        );
      } else {
        id = await insertCompany(tx, {
          group_id: link.group_id,
          taxpayer_name: fields.taxpayerName,
          tax_no: fields.taxNo,
          assignee_id: link.created_by,
          created_by: link.created_by,
        });
      }
    }
    if (Object.keys(values).length > 0) await updateCompany(tx, link.group_id, id, values);
    await tx
      .updateTable('share_links')
      .set({ company_id: id, state: link.state === 'uploaded' ? 'uploaded' : 'bound', last_used_at: sql`now()` })
      .where('id', '=', link.id)
      .execute();
    await publishEvent(
      tx,
      { userIds: await viewersOf(tx, link.group_id, link.created_by) },
      { msgType: SHARE_EVENT, shareId: link.id, state: 'bound', firmId: id },
    );
    await notifyClientUpload(tx, link, id, { state: 'bound' });
    return id;
  });
  return companyId;
}

export async function uploadFromLink(
  deps: { db: Db; storage: FileStorage; boss: PgBoss },
  token: string,
  kind: ImportKind,
  file: { fileName: string; stream: Readable },
): Promise<{ importId: number; groupId: number }> {
  const link = await usableLink(deps.db, token);
  if (link.company_id === null) throw new AppError('VALIDATION', '请先填写企业信息，再上传数据');
  // One atomic reservation per file, so parallel uploads cannot all pass a count read before any is stored.
  const reserved = await deps.db
    .updateTable('share_links')
    .set((eb) => ({ upload_count: eb('upload_count', '+', 1) }))
    .where('id', '=', link.id)
    .where('upload_count', '<', SHARE_LINK_UPLOAD_LIMIT)
    .returning('id')
    .executeTakeFirst();
  if (!reserved)
    throw new AppError(
      'TOO_MANY_REQUESTS',
      `该链接最多可上传${SHARE_LINK_UPLOAD_LIMIT}个文件，已达上限，请联系您的财税顾问重新获取链接`,
    );
  let importId: number;
  try {
    importId = await startImport(
      deps,
      { groupId: link.group_id, companyId: link.company_id, userId: null, source: 'share', shareLinkId: link.id },
      kind,
      file,
    );
  } catch (error) {
    // A refused file (wrong type, empty, too large) does not use up the link.
    await deps.db
      .updateTable('share_links')
      .set((eb) => ({ upload_count: eb('upload_count', '-', 1) }))
      .where('id', '=', link.id)
      .execute();
    throw error;
  }
  await deps.db
    .updateTable('share_links')
    .set({ state: 'uploaded', last_used_at: sql`now()` })
    .where('id', '=', link.id)
    .execute();
  // Only to the users who can see the link (its creator's viewers), never the whole firm.
  await publishEvent(
    deps.db,
    { userIds: await viewersOf(deps.db, link.group_id, link.created_by) },
    { msgType: SHARE_EVENT, shareId: link.id, state: 'uploaded', firmId: link.company_id },
  );
  await notifyClientUpload(deps.db, link, link.company_id, { state: 'uploaded', fileName: file.fileName });
  return { importId, groupId: link.group_id };
}

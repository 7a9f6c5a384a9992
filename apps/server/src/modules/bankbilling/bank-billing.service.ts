import { randomBytes } from 'node:crypto';
import { BANK_STATEMENT_STATES, type BankStatementConfig, maskPhone, type Page } from '@taxlens/shared';
import { sql } from 'kysely';
import type { Db } from '../../db/kysely.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { FileStorage } from '../../lib/storage.js';
import { writeAudit } from '../accounts/audit.repo.js';

export const SIGNED_FILE_MAX_BYTES = 10 * 1024 * 1024;

interface Actor {
  userId: number;
  groupId: number;
}

export interface SignInput {
  bankName: string;
  accountName: string;
  accountNo: string;
  validFrom: string;
  validTo: string;
}

const maskAccount = (accountNo: string) => `**** **** ${accountNo.slice(-4)}`;

/** The agreement with its signer, undeleted: the firm's view and the operator's review both start here. */
export function agreementsQuery(db: Db) {
  return db
    .selectFrom('bank_statement_configs as c')
    .innerJoin('users as u', 'u.id', 'c.created_by')
    .select([
      'c.id',
      'c.bank_name',
      'c.account_name',
      'c.account_no',
      sql<string>`to_char(c.valid_from, 'YYYY-MM-DD')`.as('valid_from'),
      sql<string>`to_char(c.valid_to, 'YYYY-MM-DD')`.as('valid_to'),
      'c.file_key',
      'c.file_name',
      'c.state',
      'c.review_note',
      'c.created_at',
      'u.nick_name',
      'u.phone',
    ])
    .where('c.deleted_at', 'is', null);
}

const baseQuery = (db: Db, groupId: number) => agreementsQuery(db).where('c.group_id', '=', groupId);

type Row = Awaited<ReturnType<ReturnType<typeof baseQuery>['executeTakeFirstOrThrow']>>;

function present(row: Row): BankStatementConfig {
  return {
    id: row.id,
    bankName: row.bank_name,
    accountName: row.account_name,
    accountNo: maskAccount(row.account_no),
    validFrom: row.valid_from,
    validTo: row.valid_to,
    fileName: row.file_name,
    state: row.state,
    stateLabel: BANK_STATEMENT_STATES[row.state],
    reviewNote: row.review_note,
    createdBy: row.nick_name ?? maskPhone(row.phone),
    createTime: row.created_at.toISOString(),
  };
}

/** A signed agreement: the PDF is checked by its bytes and stored; the operator reviews it next. */
export async function signConfig(
  db: Db,
  storage: FileStorage,
  actor: Actor,
  input: SignInput,
  file: { name: string; bytes: Buffer },
): Promise<BankStatementConfig> {
  if (file.bytes.subarray(0, 5).toString('latin1') !== '%PDF-')
    throw new AppError('VALIDATION', '请上传签章后的协议 PDF 文件', {
      fields: { file: '请上传签章后的协议 PDF 文件' },
    });
  const key = `bank-statement/${actor.groupId}/${randomBytes(12).toString('hex')}.pdf`;
  await storage.put(key, file.bytes);
  const id = await db.transaction().execute(async (tx) => {
    const row = await tx
      .insertInto('bank_statement_configs')
      .values({
        group_id: actor.groupId,
        created_by: actor.userId,
        bank_name: input.bankName,
        account_name: input.accountName,
        account_no: input.accountNo,
        valid_from: input.validFrom,
        valid_to: input.validTo,
        file_key: key,
        file_name: file.name.slice(0, 120) || '协议.pdf',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeAudit(tx, {
      groupId: actor.groupId,
      actorId: actor.userId,
      action: 'bank_statement.sign',
      detail: { id: row.id },
    });
    return row.id;
  });
  return detailOf(db, actor.groupId, id);
}

export async function listConfigs(
  db: Db,
  groupId: number,
  page: number,
  size: number,
): Promise<Page<BankStatementConfig>> {
  const [rows, total] = await Promise.all([
    baseQuery(db, groupId)
      .orderBy('c.created_at', 'desc')
      .orderBy('c.id', 'desc')
      .limit(size)
      .offset((page - 1) * size)
      .execute(),
    db
      .selectFrom('bank_statement_configs')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('group_id', '=', groupId)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow(),
  ]);
  return { list: rows.map(present), total: total.n, page, size };
}

async function rowOf(db: Db, groupId: number, id: number): Promise<Row> {
  const row = await baseQuery(db, groupId).where('c.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('协议不存在或已删除');
  return row;
}

export async function detailOf(db: Db, groupId: number, id: number): Promise<BankStatementConfig> {
  return present(await rowOf(db, groupId, id));
}

export async function signedFile(db: Db, storage: FileStorage, groupId: number, id: number) {
  const row = await rowOf(db, groupId, id);
  return { name: row.file_name, file: await storage.read(row.file_key) };
}

/** Deletes the group's agreements by id; an id of another group or already deleted is a 404, and nothing changes. */
export async function deleteConfigs(db: Db, actor: Actor, ids: number[]): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const deleted = await tx
      .updateTable('bank_statement_configs')
      .set({ deleted_at: sql`now()` })
      .where('group_id', '=', actor.groupId)
      .where('id', 'in', ids)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (Number(deleted.numUpdatedRows) !== new Set(ids).size) throw notFound('协议不存在或已删除');
    await writeAudit(tx, {
      groupId: actor.groupId,
      actorId: actor.userId,
      action: 'bank_statement.delete',
      detail: { ids },
    });
  });
}

/** The operator approves (the agreement takes effect) or rejects with a reason. */
export async function reviewConfig(db: Db, operatorId: number, input: { id: number; approve: boolean; note: string }) {
  await db.transaction().execute(async (tx) => {
    const row = await tx
      .selectFrom('bank_statement_configs')
      .select(['group_id', 'state'])
      .where('id', '=', input.id)
      .where('deleted_at', 'is', null)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw notFound('协议不存在或已删除');
    if (row.state !== 'pending') throw new AppError('CONFLICT', '该协议已审核');
    const state = input.approve ? 'active' : 'rejected';
    await tx
      .updateTable('bank_statement_configs')
      .set({ state, review_note: input.note || null, reviewed_by: operatorId, reviewed_at: sql`now()` })
      .where('id', '=', input.id)
      .execute();
    await writeAudit(tx, {
      groupId: row.group_id,
      actorId: operatorId,
      action: 'bank_statement.review',
      detail: { id: input.id, before: row.state, after: state, note: input.note },
    });
  });
}

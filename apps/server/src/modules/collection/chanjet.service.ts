/**
 * 畅捷通 authorisations (spec cjt/*): an authorisation URL per company, the code exchanged for the
 * account set's token, the months' statement exports pulled and imported through the statement
 * importer (source 'collection'), and the authorisation closed (token revoked at Chanjet and wiped).
 */
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Selectable } from 'kysely';
import type PgBoss from 'pg-boss';
import type { Db } from '../../db/kysely.js';
import type { ChanjetAuthorisationsTable } from '../../db/tables/imports.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { FileStorage } from '../../lib/storage.js';
import { startImport } from '../imports/imports.service.js';
import { type BookkeepingConnector, BookkeepingError } from './bookkeeping.connector.js';

export interface BookkeepingDeps {
  db: Db;
  storage: FileStorage;
  boss: PgBoss;
  connector: BookkeepingConnector;
}

type Authorisation = Selectable<ChanjetAuthorisationsTable>;

/** A pull covers at most three years of months: one request per month at the vendor. */
export const MAX_MONTHS = 36;

export function present(row: Authorisation) {
  return {
    authId: Number(row.id),
    firmId: Number(row.company_id),
    state: row.state,
    importIds: row.import_ids.map(Number),
    tokenExpiresAt: row.token_expires_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function asAppError(error: unknown): never {
  if (error instanceof BookkeepingError) throw new AppError('VALIDATION', error.message);
  throw error;
}

/** 'YYYY-MM' months from..to inclusive; a reversed or too long range is a clear Chinese error. */
export function monthsBetween(from: string, to: string): string[] {
  const start = Number(from.slice(0, 4)) * 12 + Number(from.slice(5)) - 1;
  const end = Number(to.slice(0, 4)) * 12 + Number(to.slice(5)) - 1;
  if (end < start) throw new AppError('VALIDATION', '结束期间不能早于开始期间');
  if (end - start + 1 > MAX_MONTHS) throw new AppError('VALIDATION', `一次最多拉取 ${MAX_MONTHS} 个月的报表`);
  return Array.from({ length: end - start + 1 }, (_, index) => {
    const month = start + index;
    return `${Math.floor(month / 12)}-${String((month % 12) + 1).padStart(2, '0')}`;
  });
}

export async function createAuthorisation(
  deps: BookkeepingDeps,
  scope: { groupId: number; userId: number; companyId: number },
) {
  // The OAuth2 state is unguessable: it is what ties Chanjet's redirect back to this row.
  const oauthState = randomBytes(24).toString('hex');
  const row = await deps.db
    .insertInto('chanjet_authorisations')
    .values({
      group_id: scope.groupId,
      company_id: scope.companyId,
      created_by: scope.userId,
      state: 'waiting',
      oauth_state: oauthState,
      created_at: new Date(),
      updated_at: new Date(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { ...present(row), url: deps.connector.authorizeUrl(oauthState) };
}

export async function findAuthorisation(
  db: Db,
  groupId: number,
  by: { id: number } | { oauthState: string },
): Promise<Authorisation> {
  let query = db.selectFrom('chanjet_authorisations').selectAll().where('group_id', '=', groupId);
  query = 'id' in by ? query.where('id', '=', by.id) : query.where('oauth_state', '=', by.oauthState);
  const row = await query.executeTakeFirst();
  if (!row) throw notFound('畅捷通授权记录不存在');
  return row;
}

/** shyAuthorization: exchange the code, then pull and import each month's statements. */
export async function authoriseAndPull(
  deps: BookkeepingDeps,
  row: Authorisation,
  input: { code: string; months: string[]; userId: number },
) {
  if (row.state !== 'waiting') throw new AppError('VALIDATION', '该授权链接已使用或已关闭，请重新获取授权链接');
  const token = await deps.connector.exchangeCode(input.code).catch(asAppError);
  await deps.db
    .updateTable('chanjet_authorisations')
    .set({
      state: 'authorised',
      access_token: token.accessToken,
      refresh_token: token.refreshToken,
      token_expires_at: token.expiresInSeconds ? new Date(Date.now() + token.expiresInSeconds * 1000) : null,
      updated_at: new Date(),
    })
    .where('id', '=', row.id)
    .execute();
  // Fetch every month before importing any: a vendor refusal half-way leaves no partial pull behind.
  const files = [];
  for (const month of input.months) {
    files.push(await deps.connector.statementWorkbook(token.accessToken, month).catch(asAppError));
  }
  const ids: number[] = [];
  for (const file of files) {
    ids.push(
      await startImport(
        deps,
        {
          groupId: Number(row.group_id),
          companyId: Number(row.company_id),
          userId: input.userId,
          source: 'collection',
        },
        'statement',
        { fileName: file.fileName, stream: Readable.from(file.bytes) },
      ),
    );
  }
  const updated = await deps.db
    .updateTable('chanjet_authorisations')
    .set({ import_ids: [...row.import_ids.map(Number), ...ids], updated_at: new Date() })
    .where('id', '=', row.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return present(updated);
}

/** reportAuthClose: revoke at Chanjet, then forget the token; the imports stay. */
export async function closeAuthorisation(deps: BookkeepingDeps, row: Authorisation) {
  if (row.access_token) await deps.connector.revoke(row.access_token).catch(asAppError);
  const updated = await deps.db
    .updateTable('chanjet_authorisations')
    .set({ state: 'closed', access_token: null, refresh_token: null, updated_at: new Date() })
    .where('id', '=', row.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return present(updated);
}

export async function listAuthorisations(db: Db, groupId: number, firmId: number | null, page: number, size: number) {
  let query = db.selectFrom('chanjet_authorisations').where('group_id', '=', groupId);
  if (firmId !== null) query = query.where('company_id', '=', firmId);
  const [rows, count] = await Promise.all([
    query
      .selectAll()
      .orderBy('id', 'desc')
      .limit(size)
      .offset((page - 1) * size)
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { list: rows.map(present), total: Number(count.n), page, size };
}

/** The imports the pulls created, newest first (findAllReportChild for one, findReportCreatAll for all). */
export async function pulledImports(db: Db, groupId: number, importIds: number[]) {
  if (importIds.length === 0) return [];
  const rows = await db
    .selectFrom('imports')
    .select(['id', 'company_id', 'file_name', 'status', 'message', 'created_at', 'finished_at'])
    .where('group_id', '=', groupId)
    .where('id', 'in', importIds)
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => ({
    importId: Number(row.id),
    firmId: Number(row.company_id),
    fileName: row.file_name,
    status: row.status,
    message: row.message,
    createdAt: row.created_at,
    finishedAt: row.finished_at,
  }));
}

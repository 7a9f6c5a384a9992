/**
 * The authorised-collection flow, advanced by the page's findAuthState polling: login (SMS code or
 * QR code) → collecting (progress) → the collected files imported through the same import
 * pipeline as an upload → done / failed / cancelled. Deadlines are the spec's long time-outs.
 */
import { Readable } from 'node:stream';
import type { Selectable } from 'kysely';
import type PgBoss from 'pg-boss';
import type { Db } from '../../db/kysely.js';
import type { CollectionSessionsTable } from '../../db/tables/imports.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { FileStorage } from '../../lib/storage.js';
import { startImport } from '../imports/imports.service.js';
import { ConnectorError, chooseRegion, type LoginTarget, type TaxDataConnector } from './tax-data.connector.js';

type Session = Selectable<CollectionSessionsTable>;
export interface CollectionDeps {
  db: Db;
  storage: FileStorage;
  boss: PgBoss;
  connector: TaxDataConnector;
  provider: string;
  /** Collections one group may run at once. */
  maxSessions: number;
  authMinutes: number;
  collectMinutes: number;
}

const FINISHED = new Set(['done', 'failed', 'cancelled']);
const ACTIVE = ['sms_sent', 'qr_waiting', 'collecting', 'importing'] as const;

/**
 * Sessions of the group still running. A session nobody polls any more never moves on, so one older
 * than both time-outs together no longer counts (it would fail at its next poll anyway).
 */
export async function activeSessions(deps: CollectionDeps, groupId: number): Promise<number> {
  const since = new Date(Date.now() - (deps.authMinutes + deps.collectMinutes) * 60_000);
  const row = await deps.db
    .selectFrom('collection_sessions')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('group_id', '=', groupId)
    .where('state', 'in', ACTIVE)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
const IMPORT_FINISHED = new Set(['done', 'rejected', 'failed']);

export function presentSession(row: Session) {
  return {
    sessionId: row.id,
    firmId: row.company_id,
    method: row.method,
    region: row.region,
    state: row.state,
    progress: row.progress,
    message: row.message,
    importIds: row.import_ids.map(Number),
    authDeadline: new Date(row.auth_deadline).toISOString(),
  };
}

const target = (row: Session, taxNo: string): LoginTarget => ({ taxNo, region: row.region, account: row.account });

/** A vendor refusal is the user's to read; an unreachable vendor is a 502-like failure, said plainly. */
function asAppError(error: unknown): never {
  if (error instanceof ConnectorError) {
    throw new AppError(error.reason === 'WRONG_CODE' ? 'SMS_CODE_INVALID' : 'VALIDATION', error.message);
  }
  throw error;
}

export async function startLogin(
  deps: CollectionDeps,
  scope: { groupId: number; userId: number; company: { id: number; tax_no: string; region_code: string | null } },
  input: { method: 'sms' | 'qr'; account: string; password?: string; periodFrom: string; periodTo: string },
) {
  if ((await activeSessions(deps, scope.groupId)) >= deps.maxSessions) {
    throw new AppError(
      'CONFLICT',
      `同时进行的授权采集已达上限（${deps.maxSessions} 个），请等待进行中的采集完成或取消后再试`,
    );
  }
  const region = chooseRegion(scope.company.region_code);
  const login: LoginTarget = { taxNo: scope.company.tax_no, region, account: input.account, password: input.password };
  const opened =
    input.method === 'sms'
      ? { ...(await deps.connector.getSmsCode(login).catch(asAppError)), qrCode: null }
      : await deps.connector.getLoginQRCode(login).catch(asAppError);
  const row = await deps.db
    .insertInto('collection_sessions')
    .values({
      group_id: scope.groupId,
      company_id: scope.company.id,
      created_by: scope.userId,
      provider: deps.provider,
      region,
      account: input.account,
      method: input.method,
      state: input.method === 'sms' ? 'sms_sent' : 'qr_waiting',
      login_task: opened.task,
      period_from: input.periodFrom,
      period_to: input.periodTo,
      auth_deadline: new Date(Date.now() + deps.authMinutes * 60_000),
      created_at: new Date(),
      updated_at: new Date(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { ...presentSession(row), qrCode: opened.qrCode };
}

async function update(db: Db, id: number, values: Partial<Omit<Session, 'id'>>): Promise<Session> {
  return db
    .updateTable('collection_sessions')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

async function beginCollecting(deps: CollectionDeps, row: Session, taxNo: string, token: string) {
  const started = await deps.connector.startCollection(target(row, taxNo), token, row.period_from, row.period_to);
  return update(deps.db, row.id, {
    state: 'collecting',
    token,
    collect_task: started.task,
    progress: 0,
    collect_deadline: new Date(Date.now() + deps.collectMinutes * 60_000),
  });
}

export async function findSession(db: Db, groupId: number, sessionId: number): Promise<Session> {
  const row = await db
    .selectFrom('collection_sessions')
    .selectAll()
    .where('id', '=', sessionId)
    .where('group_id', '=', groupId)
    .executeTakeFirst();
  if (!row) throw notFound('授权记录不存在');
  return row;
}

/** authLongin: the SMS code the client received; a wrong code leaves the session waiting for another. */
export async function smsLogin(deps: CollectionDeps, row: Session, taxNo: string, code: string) {
  if (row.state !== 'sms_sent') throw new AppError('CONFLICT', '当前授权不在等待短信验证码的状态');
  if (Date.now() > new Date(row.auth_deadline).getTime()) {
    return presentSession(await update(deps.db, row.id, { state: 'failed', message: '授权超时，请重新发起授权' }));
  }
  const { token } = await deps.connector.smsLogin(target(row, taxNo), row.login_task ?? '', code).catch(asAppError);
  return presentSession(await beginCollecting(deps, row, taxNo, token));
}

/** findAuthState (and qrCodeLogin): one step of the flow, as far as the vendor has got. */
export async function advance(deps: CollectionDeps, row: Session, taxNo: string) {
  if (FINISHED.has(row.state)) return presentSession(row);
  const now = Date.now();
  try {
    if (row.state === 'sms_sent' || row.state === 'qr_waiting') {
      if (now > new Date(row.auth_deadline).getTime()) {
        if (row.login_task) await deps.connector.cancel(row.login_task).catch(() => undefined);
        return presentSession(await update(deps.db, row.id, { state: 'failed', message: '授权超时，请重新发起授权' }));
      }
      if (row.state === 'sms_sent') return presentSession(row);
      const auth = await deps.connector.authState(target(row, taxNo), row.login_task ?? '', null);
      if (auth.state === 'waiting') return presentSession(row);
      if (auth.state !== 'authorised')
        return presentSession(await update(deps.db, row.id, { state: 'failed', message: auth.message }));
      return presentSession(await beginCollecting(deps, row, taxNo, auth.token));
    }
    if (row.state === 'collecting') {
      if (row.collect_deadline && now > new Date(row.collect_deadline).getTime()) {
        await deps.connector.cancel(row.collect_task ?? '').catch(() => undefined);
        return presentSession(
          await update(deps.db, row.id, { state: 'failed', message: '采集超时，请稍后重新发起授权，或改用文件导入' }),
        );
      }
      const collected = await deps.connector.collectionState(row.collect_task ?? '');
      if (collected.state === 'running')
        return presentSession(await update(deps.db, row.id, { progress: collected.progress }));
      if (collected.state === 'failed')
        return presentSession(await update(deps.db, row.id, { state: 'failed', message: collected.message }));
      if (collected.files.length === 0) {
        return presentSession(
          await update(deps.db, row.id, { state: 'failed', message: '采集完成，但所选期间没有可导入的数据' }),
        );
      }
      const ids: number[] = [];
      for (const file of collected.files) {
        ids.push(
          await startImport(
            deps,
            { groupId: row.group_id, companyId: row.company_id, userId: row.created_by, source: 'collection' },
            file.kind,
            { fileName: file.fileName, stream: Readable.from([file.bytes]) },
          ),
        );
      }
      return presentSession(await update(deps.db, row.id, { state: 'importing', progress: 99, import_ids: ids }));
    }
    // importing: done when every import finished; any that was refused fails the session with its reason.
    const imports = await deps.db
      .selectFrom('imports')
      .select(['id', 'status', 'message'])
      .where('id', 'in', row.import_ids.map(Number))
      .execute();
    if (!imports.every((item) => IMPORT_FINISHED.has(item.status))) return presentSession(row);
    const refused = imports.find((item) => item.status !== 'done');
    return presentSession(
      await update(deps.db, row.id, {
        state: refused ? 'failed' : 'done',
        progress: 100,
        message: refused
          ? `采集的文件未能导入：${refused.message ?? ''}`
          : `授权采集完成，已导入 ${imports.length} 个文件`,
      }),
    );
  } catch (error) {
    if (error instanceof ConnectorError)
      return presentSession(await update(deps.db, row.id, { message: error.message }));
    throw error;
  }
}

/** cancelOperation: stops the vendor's task; a finished session stays as it is. */
export async function cancelSession(deps: CollectionDeps, row: Session) {
  if (FINISHED.has(row.state)) return presentSession(row);
  const task = row.collect_task ?? row.login_task;
  if (task) await deps.connector.cancel(task).catch(() => undefined);
  return presentSession(await update(deps.db, row.id, { state: 'cancelled', message: '已取消授权采集' }));
}

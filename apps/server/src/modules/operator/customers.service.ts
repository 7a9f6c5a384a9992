import { randomInt } from 'node:crypto';
import { type GroupDetail, REPORT_KINDS, type SetGroupFlags } from '@taxlens/shared';
import { sql } from 'kysely';
import type { Db, DbOrTx } from '../../db/kysely.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { hashPassword } from '../../lib/passwords.js';
import { flowTimeOf } from '../auth/auth.presenter.js';
import { revokeUserSessions } from '../auth/session.service.js';
import { findCustomerUser, findGroupRow, flagsOf, groupLedger, groupUsers, searchGroups } from './customers.repo.js';

/** Writes the audit row of a change inside its transaction. */
export type AuditWriter = (
  tx: DbOrTx,
  note: { targetType: string; targetId: number; before: unknown; after: unknown },
) => Promise<void>;

const LEDGER_LINES = 30;

export { searchGroups };

async function pricesOf(db: DbOrTx, groupId: number) {
  const rows = await db
    .selectFrom('report_prices')
    .select(['group_id', 'credit_type', 'price_fen'])
    .where((eb) => eb.or([eb('group_id', 'is', null), eb('group_id', '=', groupId)]))
    .execute();
  return REPORT_KINDS.map((kind) => {
    const own = rows.find((row) => row.credit_type === kind.type && row.group_id !== null);
    const fallback = rows.find((row) => row.credit_type === kind.type && row.group_id === null);
    return {
      creditType: kind.type,
      name: kind.name,
      defaultFen: Number(fallback?.price_fen ?? 0),
      ownFen: own ? Number(own.price_fen) : null,
    };
  });
}

export async function groupDetail(db: Db, groupId: number): Promise<GroupDetail> {
  const row = await findGroupRow(db, groupId);
  if (!row) throw notFound('集团不存在');
  const [users, prices, ledger] = await Promise.all([
    groupUsers(db, groupId),
    pricesOf(db, groupId),
    groupLedger(db, groupId, LEDGER_LINES),
  ]);
  return {
    groupId: Number(row.id),
    name: row.name,
    creditCode: row.credit_code,
    contactName: row.contact_name,
    contactPhone: row.contact_phone,
    userCount: users.length,
    balanceFen: users.reduce((sum, user) => sum + user.balanceFen, 0),
    createdAt: row.created_at.toISOString(),
    flags: flagsOf(row),
    flowTime: flowTimeOf(row.trial_started_at),
    users,
    prices,
    ledger,
  };
}

const FLAG_COLUMNS = {
  dataPriceAuth: 'data_price_auth',
  invoicePriceAuth: 'invoice_price_auth',
  mindPriceAuth: 'mind_price_auth',
  reportConfigPermission: 'report_config_permission',
  tokerUser: 'toker_user',
  enablementServicePermission: 'enablement_service_permission',
  taxLawPolicyDatabasePermission: 'tax_law_policy_database_permission',
  getOutOfLineInvoiceSwitch: 'out_of_line_invoice_switch',
  monitorSlots: 'monitor_slots',
} as const;

/** Sets some of a group's rights and flags; only what is sent changes; audited with before and after. */
export async function setGroupFlags(db: Db, input: SetGroupFlags, audit: AuditWriter) {
  return db.transaction().execute(async (tx) => {
    const row = await tx
      .selectFrom('groups')
      .selectAll()
      .where('id', '=', input.groupId)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw notFound('集团不存在');
    const changes: Record<string, unknown> = {};
    for (const [key, column] of Object.entries(FLAG_COLUMNS)) {
      const value = input[key as keyof typeof FLAG_COLUMNS];
      if (value !== undefined) changes[column] = value;
    }
    if (input.trial === 'start') changes.trial_started_at = sql`now()`;
    if (input.trial === 'clear') changes.trial_started_at = null;
    if (Object.keys(changes).length === 0) {
      throw new AppError('VALIDATION', '没有要修改的内容', { fields: { groupId: '没有要修改的内容' } });
    }
    const updated = await tx
      .updateTable('groups')
      .set({ ...changes, updated_at: sql`now()` })
      .where('id', '=', input.groupId)
      .returningAll()
      .executeTakeFirstOrThrow();
    const before = flagsOf(row);
    const after = flagsOf(updated);
    await audit(tx, { targetType: 'group', targetId: input.groupId, before, after });
    return after;
  });
}

async function lockCustomer(tx: DbOrTx, userId: number) {
  const user = await tx
    .selectFrom('users')
    .select(['id', 'status', 'is_operator', 'operator_roles'])
    .where('id', '=', userId)
    .where('deleted_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();
  if (!user) throw notFound('账号不存在或已删除');
  // Console staff are managed on the staff page, by an admin, not as customers.
  if (user.is_operator || user.operator_roles.length > 0)
    throw new AppError('FORBIDDEN', '运营人员账号请在“人员与角色”中管理');
  return user;
}

/** Disables (every session ends) or re-enables a customer's account. */
export async function setUserStatus(db: Db, userId: number, status: 'active' | 'disabled', audit: AuditWriter) {
  return db.transaction().execute(async (tx) => {
    const user = await lockCustomer(tx, userId);
    await tx.updateTable('users').set({ status, updated_at: sql`now()` }).where('id', '=', userId).execute();
    if (status === 'disabled') await revokeUserSessions(tx, userId);
    await audit(tx, { targetType: 'user', targetId: userId, before: { status: user.status }, after: { status } });
    return findCustomerUser(tx, userId);
  });
}

/** Ends every open session of a customer (a lost phone, a departed employee). */
export async function signOutAll(db: Db, userId: number, audit: AuditWriter) {
  return db.transaction().execute(async (tx) => {
    await lockCustomer(tx, userId);
    const revoked = await tx
      .updateTable('sessions')
      .set({ revoked_at: sql`now()` })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`)
      .returning('id')
      .execute();
    await audit(tx, {
      targetType: 'user',
      targetId: userId,
      before: { activeSessions: revoked.length },
      after: { activeSessions: 0 },
    });
    return { revoked: revoked.length };
  });
}

const PASSWORD_LETTERS = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKMNPQRSTUVWXYZ';
const PASSWORD_DIGITS = '23456789';

/** 10 characters of letters and digits (the spec's password rule), at least one of each, no look-alikes. */
export function temporaryPassword(): string {
  const all = PASSWORD_LETTERS + PASSWORD_DIGITS;
  const chars = [
    PASSWORD_LETTERS[randomInt(PASSWORD_LETTERS.length)],
    PASSWORD_DIGITS[randomInt(PASSWORD_DIGITS.length)],
    ...Array.from({ length: 8 }, () => all[randomInt(all.length)]),
  ] as string[];
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j] as string, chars[i] as string];
  }
  return chars.join('');
}

/**
 * Sets a temporary password, answered once to the operator (who passes it to the customer), and
 * ends every session. The audit log records that it happened, never the password.
 */
export async function resetPassword(db: Db, userId: number, audit: AuditWriter) {
  const password = temporaryPassword();
  const hash = await hashPassword(password);
  await db.transaction().execute(async (tx) => {
    await lockCustomer(tx, userId);
    await tx
      .updateTable('users')
      .set({ password_hash: hash, updated_at: sql`now()` })
      .where('id', '=', userId)
      .execute();
    await revokeUserSessions(tx, userId);
    await audit(tx, { targetType: 'user', targetId: userId, before: null, after: { passwordReset: true } });
  });
  return { password };
}

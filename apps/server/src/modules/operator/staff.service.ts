import type { OperatorRole, StaffEntry } from '@taxlens/shared';
import { sql } from 'kysely';
import type { Db, DbOrTx } from '../../db/kysely.js';
import { invalid } from '../../lib/app-error.js';
import { operatorRolesOf } from '../auth/session.service.js';

/** Everyone who holds an operator role, bootstrap admins (OPERATOR_PHONES) included. */
export async function listStaff(db: Db): Promise<StaffEntry[]> {
  const rows = await db
    .selectFrom('users')
    .select(['id', 'phone', 'nick_name', 'is_operator', 'operator_roles'])
    .where('deleted_at', 'is', null)
    .where((eb) => eb.or([eb('is_operator', '=', true), sql<boolean>`cardinality(operator_roles) > 0`]))
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    userId: Number(row.id),
    phone: row.phone,
    name: row.nick_name ?? row.phone,
    roles: operatorRolesOf(row.is_operator, row.operator_roles),
    bootstrap: row.is_operator,
  }));
}

/**
 * Sets the console roles of a registered user (an empty list removes them from the console).
 * Taking 管理员 away also clears the bootstrap flag; OPERATOR_PHONES grants it again at the next
 * start. An admin cannot take their own 管理员 away, so the console always keeps one.
 */
export async function setStaffRoles(
  db: Db,
  actorId: number,
  input: { phone: string; roles: OperatorRole[] },
  audit: (tx: DbOrTx, note: { targetId: number; before: unknown; after: unknown }) => Promise<void>,
): Promise<StaffEntry> {
  return db.transaction().execute(async (tx) => {
    const user = await tx
      .selectFrom('users')
      .select(['id', 'phone', 'nick_name', 'is_operator', 'operator_roles'])
      .where('phone', '=', input.phone)
      .where('deleted_at', 'is', null)
      .forUpdate()
      .executeTakeFirst();
    if (!user) throw invalid({ phone: '该手机号尚未注册' });
    const roles = [...new Set(input.roles)];
    if (Number(user.id) === actorId && !roles.includes('admin')) {
      throw invalid({ roles: '不能取消自己的管理员角色' });
    }
    const before = operatorRolesOf(user.is_operator, user.operator_roles);
    const isOperator = user.is_operator && roles.includes('admin');
    await tx
      .updateTable('users')
      .set({ operator_roles: roles, is_operator: isOperator, updated_at: sql`now()` })
      .where('id', '=', user.id)
      .execute();
    const after = operatorRolesOf(isOperator, roles);
    await audit(tx, { targetId: Number(user.id), before: { roles: before }, after: { roles: after } });
    return {
      userId: Number(user.id),
      phone: user.phone,
      name: user.nick_name ?? user.phone,
      roles: after,
      bootstrap: isOperator,
    };
  });
}

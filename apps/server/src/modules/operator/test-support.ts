/** Helpers shared by the operator console tests (not a test file itself). */
import type { OperatorRole } from '@taxlens/shared';
import { createUser } from '../../../test/factories.js';
import type { TestContext } from '../../../test/helpers.js';

/** A signed-in operator holding exactly these console roles (no group, as staff accounts are). */
export async function staffToken(
  ctx: TestContext,
  roles: OperatorRole[],
): Promise<{ id: number; phone: string; token: string }> {
  const user = await createUser(ctx.db, { groupId: null });
  await ctx.db.updateTable('users').set({ operator_roles: roles }).where('id', '=', user.id).execute();
  return { id: user.id, phone: user.phone, token: await ctx.login(user.phone) };
}

/** The newest audit rows, newest first. */
export async function latestAudit(ctx: TestContext, limit = 5) {
  return ctx.db.selectFrom('operator_audit').selectAll().orderBy('id', 'desc').limit(limit).execute();
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { z } from 'zod';
import { AppError, notFound } from '../lib/app-error.js';
import { findGroupUser, managedStaffIds } from '../modules/accounts/accounts.repo.js';
import { operatorRolesOfRoute } from './access.js';

/**
 * Spec §7: the client adds `userId` to every payload. A route that names `userId` in its schema
 * decides itself what it means (a target user, checked by its service). Everywhere else the value
 * is never trusted: it must be the caller, or a user the caller may act for (the main account for
 * its group, a supervisor for the staff of its teams): another group's or an unknown user is 404,
 * anyone else 403.
 */
export const actingUserPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('preValidation', async (request) => {
      const session = request.session;
      if (!session || session.groupId === null) return;
      // Operator routes name customers' users on purpose; their own roles guard them.
      const access = request.routeOptions.config?.access;
      if (access && operatorRolesOfRoute(access)) return;
      const claimed = claimedUserId(request);
      if (claimed === null || claimed === session.userId) return;
      const target = Number.isSafeInteger(claimed) ? await findGroupUser(app.db, session.groupId, claimed) : null;
      if (!target) throw notFound('账号不存在或已删除');
      if (session.level === 1) return;
      const staff = session.level === 2 ? await managedStaffIds(app.db, session.groupId, session.userId) : new Set();
      if (!staff.has(Number(target.id))) throw new AppError('FORBIDDEN');
    });
  },
  { name: 'acting-user', dependencies: ['access', 'form-body'] },
);

/** The userId a payload carries where the route's own schema does not declare one, else null. */
function claimedUserId(request: FastifyRequest): number | null {
  const schema = request.routeOptions.schema;
  for (const [part, value] of [
    ['querystring', request.query],
    ['body', request.body],
  ] as const) {
    if (!value || typeof value !== 'object' || !('userId' in value)) continue;
    if (declaresUserId(schema?.[part] as z.ZodType | undefined)) continue;
    const raw = (value as { userId: unknown }).userId;
    if (raw === undefined || raw === null || raw === '') continue;
    return Number(raw);
  }
  return null;
}

function declaresUserId(schema: z.ZodType | undefined): boolean {
  let def = (schema as unknown as { _zod?: { def: { type: string; [key: string]: unknown } } } | undefined)?._zod?.def;
  while (def && def.type !== 'object' && def.innerType) {
    def = (def.innerType as { _zod: { def: typeof def } })._zod.def;
  }
  return !!def && def.type === 'object' && 'userId' in (def.shape as object);
}

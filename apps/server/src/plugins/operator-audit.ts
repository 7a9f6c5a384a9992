import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { DbOrTx } from '../db/kysely.js';
import { operatorRolesOfRoute } from './access.js';

/** What a route knows about its change: the object it touched and its state before and after. */
export interface AuditNote {
  targetType?: string;
  targetId?: string | number | null;
  before?: unknown;
  after?: unknown;
}

declare module 'fastify' {
  interface FastifyRequest {
    operatorAudit: AuditNote | null;
    /** Set once the route wrote its own audit row (inside its transaction). */
    operatorAudited: boolean;
  }
}

// Secrets never reach the audit log, whatever route sends them.
const SECRET_KEYS = /^(pwd|password|newPassword|code|token|secret)$/i;

export function redacted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redacted);
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([key, inner]) => [
      key,
      SECRET_KEYS.test(key) ? '***' : redacted(inner),
    ]),
  );
}

const json = (value: unknown) => (value === undefined ? null : JSON.stringify(redacted(value)));

function actionOf(request: FastifyRequest): { action: string; summary: string } {
  const schema = request.routeOptions.schema as { summary?: string } | undefined;
  const action = `${request.method} ${request.routeOptions.url ?? request.url}`;
  return { action, summary: schema?.summary ?? action };
}

/** Remembers the target and before/after of this request's change; the hook writes the row. */
export function noteAudit(request: FastifyRequest, note: AuditNote): void {
  request.operatorAudit = { ...request.operatorAudit, ...note };
}

/**
 * Writes the audit row now, inside the caller's transaction (so the change and its record commit
 * together); the hook then writes nothing more for this request.
 */
export async function writeAudit(db: DbOrTx, request: FastifyRequest, note: AuditNote): Promise<void> {
  const session = request.session;
  if (!session) return;
  const { action, summary } = actionOf(request);
  await db
    .insertInto('operator_audit')
    .values({
      operator_id: session.userId,
      action,
      summary,
      target_type: note.targetType ?? null,
      target_id: note.targetId === undefined || note.targetId === null ? null : String(note.targetId),
      before: json(note.before),
      after: json(note.after ?? bodyOf(request)),
      ip: request.ip,
    })
    .execute();
  request.operatorAudited = true;
}

function bodyOf(request: FastifyRequest): unknown {
  const body = request.body;
  const query = request.query as Record<string, unknown> | undefined;
  const hasQuery = query && Object.keys(query).length > 0;
  // Multipart bodies are streams (already consumed): the query names the target, the file is not logged.
  if (body && typeof body === 'object' && !request.isMultipart()) return hasQuery ? { ...query, ...body } : body;
  return hasQuery ? query : null;
}

/**
 * Every successful change through an operator route leaves an audit row (issue 18): who, when,
 * what (the route and its summary), before and after. Routes that know the before state note it
 * with noteAudit, or write the row in their own transaction with writeAudit.
 */
export const operatorAuditPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('operatorAudit', null);
    app.decorateRequest('operatorAudited', false);
    app.addHook('onSend', async (request, reply, payload) => {
      if (request.method !== 'POST' || reply.statusCode >= 400 || request.operatorAudited) return payload;
      const access = request.routeOptions.config?.access;
      if (!access || !operatorRolesOfRoute(access) || !request.session) return payload;
      await writeAudit(app.db, request, request.operatorAudit ?? {});
      return payload;
    });
  },
  { name: 'operator-audit', dependencies: ['access'] },
);

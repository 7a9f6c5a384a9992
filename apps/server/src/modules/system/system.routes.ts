import { sql } from 'kysely';
import { z } from 'zod';
import type { AppInstance } from '../../app.js';
import { envelope, ok } from '../../lib/envelope.js';

const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ ok: z.boolean(), latencyMs: z.number() }),
  queue: z.object({ ok: z.boolean(), queued: z.number(), active: z.number(), failed: z.number() }),
  uptimeSeconds: z.number(),
});

export async function systemRoutes(app: AppInstance) {
  app.get(
    '/api/health',
    {
      config: { access: { public: true } },
      schema: {
        tags: ['system'],
        summary: '数据库与任务队列状态',
        response: { 200: envelope(healthSchema), 503: envelope(healthSchema) },
      },
    },
    async (_request, reply) => {
      const started = performance.now();
      const database = await sql`SELECT 1`
        .execute(app.db)
        .then(() => true)
        .catch(() => false);
      const latencyMs = Math.round((performance.now() - started) * 10) / 10;
      // pg-boss 10 (the last line that runs on Node 20) reports no counts per queue: read them from its table.
      const counts = await sql<{ state: string; n: string }>`SELECT state, count(*) AS n FROM pgboss.job GROUP BY state`
        .execute(app.db)
        .then((result) => result.rows)
        .catch(() => null);
      const queue = {
        ok: counts !== null,
        queued: countOf(counts, ['created', 'retry']),
        active: countOf(counts, ['active']),
        failed: countOf(counts, ['failed']),
      };
      const healthy = database && queue.ok;
      reply.status(healthy ? 200 : 503);
      return ok({
        status: healthy ? ('ok' as const) : ('degraded' as const),
        database: { ok: database, latencyMs },
        queue,
        uptimeSeconds: Math.round(process.uptime()),
      });
    },
  );
}

function countOf(rows: { state: string; n: string }[] | null, states: string[]): number {
  return (rows ?? []).filter((row) => states.includes(row.state)).reduce((total, row) => total + Number(row.n), 0);
}

import { sql } from 'kysely';
import type { QueueResult } from 'pg-boss';
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
      const queues = await app.boss.getQueues().catch(() => null);
      const queue = {
        ok: queues !== null,
        queued: sumOf(queues, 'queuedCount'),
        active: sumOf(queues, 'activeCount'),
        failed: sumOf(queues, 'failedCount'),
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

function sumOf(queues: QueueResult[] | null, key: 'queuedCount' | 'activeCount' | 'failedCount'): number {
  return (queues ?? []).reduce((total, queue) => total + Number(queue[key] ?? 0), 0);
}

import { z } from 'zod';
import type { AppInstance } from '../../app.js';
import { envelope, ok } from '../../lib/envelope.js';
import { operatorAccess } from '../../plugins/access.js';
import { noteAudit } from '../../plugins/operator-audit.js';
import { healthFigures, retryJob } from './health.service.js';

const tags = ['operator'];
const OPS = operatorAccess('ops');
const count = z.object({ kind: z.string(), status: z.string(), count: z.number().int() });

const healthSchema = z.object({
  days: z.number().int(),
  queues: z.array(
    z.object({
      name: z.string(),
      waiting: z.number().int(),
      active: z.number().int(),
      failed: z.number().int(),
      completed: z.number().int(),
      retried: z.number().int(),
    }),
  ),
  failedJobs: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      retryCount: z.number().int(),
      error: z.string(),
      createdAt: z.string(),
      failedAt: z.string().nullable(),
    }),
  ),
  reports: z.array(count),
  imports: z.array(count),
  activeGroups: z.number().int(),
  databaseBytes: z.number(),
});

/** Operator console, health: job queues from pg-boss, reports and imports, active groups, database size. */
export async function operatorHealthRoutes(app: AppInstance) {
  app.get(
    '/api/operator/health',
    {
      config: { access: OPS },
      schema: {
        tags,
        summary: '运行状况：任务队列、失败任务、报告与导入、活跃集团、数据库大小',
        querystring: z.object({ days: z.coerce.number().int().min(1).max(90).default(7) }),
        response: { 200: envelope(healthSchema) },
      },
    },
    async (request) => ok(await healthFigures(app.db, request.query.days)),
  );

  app.post(
    '/api/operator/health/retryJob',
    {
      config: { access: OPS },
      schema: {
        tags,
        summary: '重试失败的任务',
        body: z.object({ id: z.uuid({ error: '任务编号不正确' }) }),
        response: { 200: envelope(z.object({ id: z.string(), name: z.string() })) },
      },
    },
    async (request) => {
      const retried = await retryJob(app.db, app.boss, request.body.id);
      noteAudit(request, { targetType: 'job', targetId: retried.id, before: retried.before, after: retried.after });
      return ok({ id: retried.id, name: retried.name }, '已重新排队');
    },
  );
}

import { industryBenchmarkSchema } from '@taxlens/shared';
import { z } from 'zod';
import type { AppInstance } from '../../app.js';
import { envelope, ok } from '../../lib/envelope.js';
import { operatorAccess } from '../../plugins/access.js';
import { benchmarkTable } from '../reports/benchmarks.repo.js';

/**
 * Operator console, content: the industry benchmark table for its editor. Customers read the same
 * table through /api/ReportPool/benchmarks, which needs a group; console staff have none.
 */
export async function operatorContentRoutes(app: AppInstance) {
  app.get(
    '/api/operator/benchmarks',
    {
      config: { access: operatorAccess('content') },
      schema: {
        tags: ['operator'],
        summary: '行业基准表（运营编辑用）',
        response: { 200: envelope(z.object({ name: z.string(), rows: z.array(industryBenchmarkSchema) })) },
      },
    },
    async () => ok(await benchmarkTable(app.db)),
  );
}

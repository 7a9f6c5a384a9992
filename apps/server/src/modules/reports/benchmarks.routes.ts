import { industryBenchmarkSchema } from '@taxlens/shared';
import { z } from 'zod';
import type { AppInstance } from '../../app.js';
import { notFound } from '../../lib/app-error.js';
import { emptyEnvelope, envelope, ok } from '../../lib/envelope.js';
import { operatorAccess, sessionOf } from '../../plugins/access.js';
import { benchmarkTable, deleteBenchmark, saveBenchmark } from './benchmarks.repo.js';
import { recordSettingsVersion } from './rule-settings.repo.js';

const tags = ['benchmarks'];
const tableSchema = z.object({ name: z.string(), rows: z.array(industryBenchmarkSchema) });

/** The industry benchmark table: customers read it, the platform operator edits it. */
export async function benchmarksRoutes(app: AppInstance) {
  app.get(
    '/api/ReportPool/benchmarks',
    {
      config: { access: { permission: null } },
      schema: { tags, summary: '行业基准表（报告比较所用）', response: { 200: envelope(tableSchema) } },
    },
    async () => ok(await benchmarkTable(app.db)),
  );

  app.post(
    '/api/operator/saveBenchmark',
    {
      config: { access: operatorAccess('content') },
      schema: {
        tags,
        summary: '新增或修改一行行业基准（运营）',
        body: industryBenchmarkSchema,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      const userId = sessionOf(request).userId;
      await app.db.transaction().execute(async (tx) => {
        await saveBenchmark(tx, request.body, userId);
        await recordSettingsVersion(tx, `修改行业基准“${request.body.name}”`, userId);
      });
      return ok(null, '保存成功');
    },
  );

  app.post(
    '/api/operator/deleteBenchmark',
    {
      config: { access: operatorAccess('content') },
      schema: {
        tags,
        summary: '删除一行行业基准（运营）',
        body: z.object({ key: z.string().min(1).max(40) }),
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      const userId = sessionOf(request).userId;
      await app.db.transaction().execute(async (tx) => {
        if ((await deleteBenchmark(tx, request.body.key)) === 0) throw notFound('该基准不存在');
        await recordSettingsVersion(tx, `删除行业基准“${request.body.key}”`, userId);
      });
      return ok(null, '删除成功');
    },
  );
}

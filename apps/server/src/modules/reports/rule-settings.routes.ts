import { ruleCatalogue } from '@taxlens/engine';
import { z } from 'zod';
import type { AppInstance } from '../../app.js';
import { envelope, ok } from '../../lib/envelope.js';
import { operatorAccess, sessionOf } from '../../plugins/access.js';
import { checkThresholds, currentSettings, listSettingsVersions, recordSettingsVersion } from './rule-settings.repo.js';

const tags = ['benchmarks'];
const thresholdsSchema = z.record(z.string(), z.record(z.string(), z.union([z.number(), z.string(), z.boolean()])));
const versionSchema = z.object({
  id: z.number(),
  thresholds: thresholdsSchema,
  note: z.string(),
  createdBy: z.number().nullable(),
  createdAt: z.string(),
});

/** Rule thresholds as versioned data: the platform operator replaces them; every report names its version. */
export async function ruleSettingsRoutes(app: AppInstance) {
  app.get(
    '/api/operator/ruleSettings',
    {
      config: { access: operatorAccess('content') },
      schema: {
        tags,
        summary: '规则阈值与行业基准的版本（运营）',
        response: {
          200: envelope(z.object({ currentId: z.number().nullable(), versions: z.array(versionSchema) })),
        },
      },
    },
    async () => {
      const current = await currentSettings(app.db);
      return ok({ currentId: current?.id ?? null, versions: await listSettingsVersions(app.db) });
    },
  );

  app.get(
    '/api/operator/ruleCatalogue',
    {
      config: { access: operatorAccess('content') },
      schema: {
        tags,
        summary: '规则目录与各规则的默认阈值（运营编辑阈值时对照）',
        response: {
          200: envelope(
            z.array(
              z.object({
                id: z.string(),
                title: z.string(),
                basis: z.string(),
                thresholds: z.record(z.string(), z.union([z.number(), z.string(), z.boolean()])),
              }),
            ),
          ),
        },
      },
    },
    async () =>
      ok(
        ruleCatalogue().map((rule) => ({
          id: rule.id,
          title: rule.title,
          basis: rule.basis,
          thresholds: { ...rule.thresholds },
        })),
      ),
  );

  app.post(
    '/api/operator/saveThresholds',
    {
      config: { access: operatorAccess('content') },
      schema: {
        tags,
        summary: '保存规则阈值（运营）：整套替换，生成新版本',
        body: z.object({ thresholds: thresholdsSchema, note: z.string().trim().min(1).max(200) }),
        response: { 200: envelope(z.object({ id: z.number() })) },
      },
    },
    async (request) => {
      const thresholds = checkThresholds(request.body.thresholds);
      const id = await recordSettingsVersion(app.db, request.body.note, sessionOf(request).userId, thresholds);
      return ok({ id }, '保存成功');
    },
  );
}

import { type PoolReportType, reportDeleteTimeSchema, watermarkSettingsSchema } from '@taxlens/shared';
import { sql } from 'kysely';
import { z } from 'zod';
import type { AppInstance } from '../../app.js';
import { AppError } from '../../lib/app-error.js';
import { emptyEnvelope, envelope, ok } from '../../lib/envelope.js';
import { sessionOf } from '../../plugins/access.js';
import { actorOf } from '../accounts/accounts.service.js';
import { writeAudit } from '../accounts/audit.repo.js';
import { groupLogoRoutes } from './logo.routes.js';
import { configurableGroup, MAIN_ONLY, updateReportSettings } from './report-config.js';
import { groupLogoUrl, imageDataUrl, storeImage } from './report-images.js';

const tags = ['reports'];
const NEEDS_CONTENT = '开启水印前请填写水印文字或上传水印图片';

/**
 * The group's report settings: automatic deletion, and the /watermark 报告配置 (text or image,
 * the switch and the report kinds it applies to, spec §6; the cover logo in logo.routes.ts).
 */
export async function reportSettingsRoutes(app: AppInstance) {
  app.post(
    '/api/userInfo/updateReportDeleteTime',
    {
      config: { access: MAIN_ONLY },
      schema: { tags, summary: '报告自动删除设置', body: reportDeleteTimeSchema, response: { 200: emptyEnvelope } },
    },
    async (request) => {
      const actor = actorOf(sessionOf(request));
      const { reportOverdueDeleteSwitch, reportOverdueTime } = request.body;
      await app.db.transaction().execute(async (tx) => {
        await tx
          .updateTable('groups')
          .set({
            report_overdue_delete_switch: reportOverdueDeleteSwitch,
            report_overdue_days: reportOverdueTime,
            updated_at: sql`now()`,
          })
          .where('id', '=', actor.groupId)
          .execute();
        await writeAudit(tx, {
          groupId: actor.groupId,
          actorId: actor.userId,
          action: 'reports.retention',
          detail: request.body,
        });
      });
      return ok(null, '设置成功');
    },
  );

  app.get(
    '/api/userInfo/findWatermark',
    {
      config: { access: MAIN_ONLY },
      schema: { tags, summary: '报告水印设置', response: { 200: envelope(watermarkSettingsSchema) } },
    },
    async (request) => {
      const { group } = await configurableGroup(app.db, request);
      return ok({
        watermark: group.watermark_text,
        watermarkSwitch: group.watermark_switch === 1 ? 1 : 0,
        watermarkObject: group.watermark_object === '0' ? '0' : (group.watermark_object.split(',') as PoolReportType[]),
        hasImage: group.watermark_image_key !== null,
        imageUrl: await imageDataUrl(app.storage, group.watermark_image_key),
        logoUrl: await groupLogoUrl(app.storage, group.logo_url),
      } as const);
    },
  );

  app.post(
    '/api/userInfo/addWatermark',
    {
      config: { access: MAIN_ONLY },
      schema: {
        tags,
        summary: '保存报告水印（文字、开关、适用报告）',
        body: watermarkSettingsSchema,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      const { groupId, group } = await configurableGroup(app.db, request);
      const { watermark, watermarkSwitch, watermarkObject } = request.body;
      if (watermarkSwitch === 1 && !watermark && !group.watermark_image_key)
        throw new AppError('VALIDATION', NEEDS_CONTENT, { fields: { watermark: '请填写水印文字' } });
      await updateReportSettings(app.db, app.storage, groupId, {
        watermark_text: watermark,
        watermark_switch: watermarkSwitch,
        watermark_object: watermarkObject === '0' ? '0' : watermarkObject.join(','),
      });
      return ok(null, '保存成功');
    },
  );

  app.post(
    '/api/userInfo/updateWatermarkSwitch',
    {
      config: { access: MAIN_ONLY },
      schema: {
        tags,
        summary: '开关报告水印',
        body: z.object({ watermarkSwitch: z.union([z.literal(0), z.literal(1)]) }),
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      const { groupId, group } = await configurableGroup(app.db, request);
      if (request.body.watermarkSwitch === 1 && !group.watermark_text && !group.watermark_image_key)
        throw new AppError('VALIDATION', NEEDS_CONTENT);
      await updateReportSettings(app.db, app.storage, groupId, { watermark_switch: request.body.watermarkSwitch });
      return ok(null, '设置成功');
    },
  );

  app.post(
    '/api/userInfo/uploadWatermarkImage',
    {
      config: { access: MAIN_ONLY },
      schema: {
        tags,
        summary: '上传水印图片（multipart，字段 file；PNG 或 JPG，不超过 512KB）',
        response: { 200: envelope(z.object({ imageUrl: z.string() })) },
      },
    },
    async (request) => {
      const { groupId, group } = await configurableGroup(app.db, request);
      const stored = await storeImage(request, app.storage, `watermarks/${groupId}`, '水印图片');
      await updateReportSettings(
        app.db,
        app.storage,
        groupId,
        { watermark_image_key: stored.key },
        group.watermark_image_key,
      );
      return ok({ imageUrl: stored.imageUrl }, '上传成功');
    },
  );

  app.post(
    '/api/userInfo/deleteWatermarkImage',
    {
      config: { access: MAIN_ONLY },
      schema: { tags, summary: '删除水印图片', response: { 200: emptyEnvelope } },
    },
    async (request) => {
      const { groupId, group } = await configurableGroup(app.db, request);
      if (!group.watermark_image_key) return ok(null, '已删除');
      // Without text or image there is nothing to print: the switch goes off with the image.
      const switchOff = !group.watermark_text ? { watermark_switch: 0 } : {};
      await updateReportSettings(
        app.db,
        app.storage,
        groupId,
        { watermark_image_key: null, ...switchOff },
        group.watermark_image_key,
      );
      return ok(null, '已删除');
    },
  );

  await groupLogoRoutes(app);
}

import { reportDeleteTimeSchema, watermarkSettingsSchema } from '@taxlens/shared';
import { sql } from 'kysely';
import { z } from 'zod';
import type { AppInstance } from '../../app.js';
import { AppError } from '../../lib/app-error.js';
import { emptyEnvelope, envelope, ok } from '../../lib/envelope.js';
import { sessionOf } from '../../plugins/access.js';
import { actorOf } from '../accounts/accounts.service.js';
import { writeAudit } from '../accounts/audit.repo.js';

const tags = ['reports'];
const MAIN_ONLY = { permission: null, levels: [1] } as const;

export async function reportSettingsRoutes(app: AppInstance) {
  /** /watermark is open only to groups whose reportConfigPermission is 1 (spec §6). */
  async function configurableGroup(groupId: number) {
    const group = await app.db
      .selectFrom('groups')
      .select([
        'report_config_permission',
        'watermark_text',
        'watermark_switch',
        'watermark_object',
        'watermark_image_key',
      ])
      .where('id', '=', groupId)
      .executeTakeFirstOrThrow();
    if (group.report_config_permission !== 1) throw new AppError('FORBIDDEN');
    return group;
  }

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
      const group = await configurableGroup(actorOf(sessionOf(request)).groupId);
      return ok({
        watermark: group.watermark_text,
        watermarkSwitch: group.watermark_switch === 1 ? 1 : 0,
        watermarkObject:
          group.watermark_object === '0'
            ? '0'
            : (group.watermark_object.split(',') as ('INVOICE' | 'TAX' | 'COMPREHENSIVE' | 'PANORAMIC')[]),
        hasImage: group.watermark_image_key !== null,
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
      const actor = actorOf(sessionOf(request));
      await configurableGroup(actor.groupId);
      const { watermark, watermarkSwitch, watermarkObject } = request.body;
      if (watermarkSwitch === 1 && !watermark)
        throw new AppError('VALIDATION', '开启水印前请填写水印文字', { fields: { watermark: '请填写水印文字' } });
      await app.db
        .updateTable('groups')
        .set({
          watermark_text: watermark,
          watermark_switch: watermarkSwitch,
          watermark_object: watermarkObject === '0' ? '0' : watermarkObject.join(','),
          updated_at: sql`now()`,
        })
        .where('id', '=', actor.groupId)
        .execute();
      await app.db
        .updateTable('reports')
        .set({ pdf_generated_at: null })
        .where('group_id', '=', actor.groupId)
        .execute();
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
      const actor = actorOf(sessionOf(request));
      const group = await configurableGroup(actor.groupId);
      if (request.body.watermarkSwitch === 1 && !group.watermark_text)
        throw new AppError('VALIDATION', '请先设置水印文字');
      await app.db
        .updateTable('groups')
        .set({ watermark_switch: request.body.watermarkSwitch })
        .where('id', '=', actor.groupId)
        .execute();
      await app.db
        .updateTable('reports')
        .set({ pdf_generated_at: null })
        .where('group_id', '=', actor.groupId)
        .execute();
      return ok(null, '设置成功');
    },
  );
}

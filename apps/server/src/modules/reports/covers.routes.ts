import { coverListSchema, updateCoverAllSchema, updateCoverSchema } from '@taxlens/shared';
import { z } from 'zod';
import type { AppInstance } from '../../app.js';
import { emptyEnvelope, envelope, ok } from '../../lib/envelope.js';
import { sessionOf } from '../../plugins/access.js';
import { actorOf } from '../accounts/accounts.service.js';
import { writeAudit } from '../accounts/audit.repo.js';
import { coverOfUser, coverTarget, listCovers, requireCover, setCover } from './covers.service.js';
import { MAIN_ONLY } from './report-config.js';

const tags = ['reports'];
const base = '/api/BusinessPanoramicReport';
const SIGNED_IN = { permission: null } as const;

/**
 * Report cover templates (spec §7 findCoverAll, updateCoverByUserId(All)): every user chooses the cover
 * their report PDFs print with; the main account may choose for one of its staff or for everyone.
 */
export async function reportCoverRoutes(app: AppInstance) {
  app.get(
    `${base}/findCoverAll`,
    {
      config: { access: SIGNED_IN },
      schema: {
        tags,
        summary: '报告封面模板列表，及当前账号（或主账号指定的子账号）所选封面',
        querystring: z.object({ userId: z.coerce.number().int().positive().optional() }),
        response: { 200: envelope(coverListSchema) },
      },
    },
    async (request) => {
      const userId = await coverTarget(app.db, actorOf(sessionOf(request)), request.query.userId);
      const [list, selected] = await Promise.all([listCovers(app.db), coverOfUser(app.db, userId)]);
      return ok({ list, selectedId: selected.id, userId });
    },
  );

  app.post(
    `${base}/updateCoverByUserId`,
    {
      config: { access: SIGNED_IN },
      schema: {
        tags,
        summary: '设置报告封面（本人；主账号可带 userId 为子账号设置）',
        body: updateCoverSchema,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      const actor = actorOf(sessionOf(request));
      const userId = await coverTarget(app.db, actor, request.body.userId);
      const cover = await requireCover(app.db, request.body.coverId);
      await setCover(app.db, [userId], cover.id);
      return ok(null, `已设置为“${cover.name}”封面`);
    },
  );

  app.post(
    `${base}/updateCoverByUserIdAll`,
    {
      config: { access: MAIN_ONLY },
      schema: {
        tags,
        summary: '为本机构全部账号设置报告封面（主账号）',
        body: updateCoverAllSchema,
        response: { 200: envelope(z.object({ updated: z.number().int() })) },
      },
    },
    async (request) => {
      const actor = actorOf(sessionOf(request));
      const cover = await requireCover(app.db, request.body.coverId);
      const users = await app.db
        .selectFrom('users')
        .select('id')
        .where('group_id', '=', actor.groupId)
        .where('deleted_at', 'is', null)
        .execute();
      await setCover(
        app.db,
        users.map((user) => user.id),
        cover.id,
      );
      await writeAudit(app.db, {
        groupId: actor.groupId,
        actorId: actor.userId,
        action: 'reports.cover',
        detail: { coverId: cover.id, users: users.length },
      });
      return ok({ updated: users.length }, `全部 ${users.length} 个账号已设置为“${cover.name}”封面`);
    },
  );
}

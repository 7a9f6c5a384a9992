import { noticeListQuerySchema, noticeListSchema, noticeReadSchema } from '@taxlens/shared';
import { z } from 'zod';
import type { AppInstance } from '../../app.js';
import { emptyEnvelope, envelope, ok } from '../../lib/envelope.js';
import { type RouteAccess, sessionOf } from '../../plugins/access.js';
import { actorOf } from '../accounts/accounts.service.js';
import { listNotices, markAllNoticesRead, markNoticeRead } from './notifications.repo.js';

const tags = ['notice'];
/** Everyone of a group reads its own list: the rows are per user, so no menu right guards them. */
const OWN_LIST: RouteAccess = { permission: null };

/** The header's notification list (issue 19): stored news with read/unread, newest first. */
export async function notificationsRoutes(app: AppInstance) {
  app.get(
    '/api/Notice/findList',
    {
      config: { access: OWN_LIST },
      schema: {
        tags,
        summary: '通知列表（本人，新的在前；unread=1 只看未读）',
        querystring: noticeListQuerySchema,
        response: { 200: envelope(noticeListSchema) },
      },
    },
    async (request) => ok(await listNotices(app.db, actorOf(sessionOf(request)), request.query)),
  );

  app.post(
    '/api/Notice/read',
    {
      config: { access: OWN_LIST },
      schema: { tags, summary: '标记一条通知为已读', body: noticeReadSchema, response: { 200: emptyEnvelope } },
    },
    async (request) => {
      await markNoticeRead(app.db, actorOf(sessionOf(request)), request.body.id);
      return ok(null);
    },
  );

  app.post(
    '/api/Notice/readAll',
    {
      config: { access: OWN_LIST },
      schema: {
        tags,
        summary: '全部通知标为已读',
        response: { 200: envelope(z.object({ changed: z.number().int() })) },
      },
    },
    async (request) => ok({ changed: await markAllNoticesRead(app.db, actorOf(sessionOf(request))) }),
  );
}

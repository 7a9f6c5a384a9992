import { sql } from 'kysely';
import { z } from 'zod';
import type { AppInstance } from '../../app.js';
import type { Db } from '../../db/kysely.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { ok } from '../../lib/envelope.js';
import { sendRange } from '../../lib/send-file.js';
import { type RouteAccess, sessionOf } from '../../plugins/access.js';
import { requireCourseware, signedFileUrl, verifyFileUrl } from './courseware.service.js';

const tags = ['courseware'];
const SIGNED_IN: RouteAccess = { permission: null };
const idQuery = z.object({ id: z.coerce.number().int().positive('课程编号不正确') });

/** Published courses with their file counts and this user's progress (files done of files). */
function courseList(db: Db, userId: number) {
  return db
    .selectFrom('courses as c')
    .select([
      sql<number>`c.id::int`.as('id'),
      'c.title',
      'c.category',
      'c.summary',
      sql<number>`(SELECT count(*)::int FROM course_files f WHERE f.course_id = c.id)`.as('files'),
      sql<number>`(SELECT count(*)::int FROM course_files f WHERE f.course_id = c.id AND f.kind = 'video')`.as(
        'videos',
      ),
      sql<number>`(SELECT count(*)::int FROM course_files f JOIN course_progress p ON p.file_id = f.id
        WHERE f.course_id = c.id AND p.user_id = ${userId} AND p.done)`.as('done'),
    ])
    .where('c.published', '=', true);
}

/**
 * Courseware (/courseware, /courseware/list, /courseware/desc; spec §7 enablementService): the
 * platform's courses of video and PDF files, enablementServicePermission 1 only. Files are read
 * through signed addresses (a <video> element cannot send the token header) with byte ranges.
 */
export async function coursewareRoutes(app: AppInstance) {
  app.get(
    '/api/enablementService/findEnablementServiceList',
    {
      config: { access: SIGNED_IN },
      schema: { tags, summary: '赋能服务课程列表', querystring: z.object({ category: z.string().max(20).optional() }) },
    },
    async (request) => {
      const session = sessionOf(request);
      requireCourseware(session);
      let query = courseList(app.db, session.userId);
      if (request.query.category) query = query.where('c.category', '=', request.query.category);
      return ok(await query.orderBy('c.sort').orderBy('c.id', 'desc').execute());
    },
  );

  app.get(
    '/api/enablementService/findCourse',
    { config: { access: SIGNED_IN }, schema: { tags, summary: '课程详情（文件与学习进度）', querystring: idQuery } },
    async (request) => {
      const session = sessionOf(request);
      requireCourseware(session);
      const course = await courseList(app.db, session.userId).where('c.id', '=', request.query.id).executeTakeFirst();
      if (!course) throw notFound('该课程不存在或已下架');
      const files = await app.db
        .selectFrom('course_files as f')
        .leftJoin('course_progress as p', (join) =>
          join.onRef('p.file_id', '=', 'f.id').on('p.user_id', '=', session.userId),
        )
        .select([
          sql<number>`f.id::int`.as('id'),
          'f.seq',
          'f.kind',
          'f.title',
          'f.mime',
          sql<number>`f.size_bytes::float8`.as('sizeBytes'),
          'f.length_units as lengthUnits',
          sql<number>`coalesce(p.position, 0)`.as('position'),
          sql<boolean>`coalesce(p.done, false)`.as('done'),
        ])
        .where('f.course_id', '=', course.id)
        .orderBy('f.seq')
        .execute();
      const withUrls = await Promise.all(
        files.map(async (file) => ({ ...file, url: await signedFileUrl(app.db, file.id, session.userId) })),
      );
      return ok({ ...course, fileList: withUrls });
    },
  );

  app.post(
    '/api/enablementService/saveProgress',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags,
        summary: '保存学习进度',
        body: z.object({
          fileId: z.number().int().positive('文件编号不正确'),
          position: z.number().int('进度应为整数').min(0, '进度不能为负数'),
          done: z.boolean().default(false),
        }),
      },
    },
    async (request) => {
      const session = sessionOf(request);
      requireCourseware(session);
      const { fileId, position, done } = request.body;
      const file = await app.db
        .selectFrom('course_files as f')
        .innerJoin('courses as c', 'c.id', 'f.course_id')
        .select(['f.id', 'f.length_units'])
        .where('f.id', '=', fileId)
        .where('c.published', '=', true)
        .executeTakeFirst();
      if (!file) throw notFound('该课件不存在');
      if (file.length_units !== null && position > file.length_units)
        throw new AppError('VALIDATION', '进度超出课件长度');
      // Done stays done: a replay from the start does not undo a finished file.
      await app.db
        .insertInto('course_progress')
        .values({ user_id: session.userId, file_id: fileId, position, done })
        .onConflict((oc) =>
          oc.columns(['user_id', 'file_id']).doUpdateSet({
            position,
            done: sql<boolean>`course_progress.done OR ${done}`,
            updated_at: sql`now()`,
          }),
        )
        .execute();
      return ok(null);
    },
  );

  app.get(
    '/api/enablementService/file/:id',
    {
      config: { access: { public: true } },
      schema: {
        tags,
        summary: '课件文件（签名地址，支持Range）',
        params: z.object({ id: z.coerce.number().int().positive() }),
        querystring: z.object({ sig: z.string().max(200) }),
      },
    },
    async (request, reply) => {
      if (!(await verifyFileUrl(app.db, request.params.id, request.query.sig)))
        throw new AppError('FORBIDDEN', '课件地址已失效，请刷新页面');
      const file = await app.db
        .selectFrom('course_files')
        .select(['storage_key', 'mime'])
        .where('id', '=', request.params.id)
        .executeTakeFirst();
      const size = file ? await app.storage.size(file.storage_key) : null;
      if (!file || size === null) throw notFound('该课件不存在');
      return sendRange(reply, request.headers.range, {
        size,
        mime: file.mime,
        read: (range) => app.storage.read(file.storage_key, range),
      });
    },
  );
}

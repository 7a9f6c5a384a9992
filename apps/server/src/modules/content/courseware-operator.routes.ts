import { sql } from 'kysely';
import { z } from 'zod';
import type { AppInstance } from '../../app.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { ok } from '../../lib/envelope.js';
import { operatorAccess, sessionOf } from '../../plugins/access.js';
import { noteAudit } from '../../plugins/operator-audit.js';
import { COURSE_FILE_MAX_BYTES, storeCourseFile } from './courseware.service.js';

const tags = ['courseware'];
const CONTENT = operatorAccess('content');

const courseBody = z.object({
  id: z.number().int().positive().optional(),
  title: z.string({ error: '请填写课程名称' }).trim().min(1, '请填写课程名称').max(100, '课程名称最多100个字'),
  category: z.string({ error: '请填写课程分类' }).trim().min(1, '请填写课程分类').max(20, '课程分类最多20个字'),
  summary: z.string({ error: '请填写课程简介' }).trim().min(1, '请填写课程简介').max(1000, '课程简介最多1000个字'),
  published: z.boolean().default(false),
  sort: z.number().int().min(0).max(9999).default(0),
});

/** Operator console (内容): courses and their files. Every change is audited. */
export async function coursewareOperatorRoutes(app: AppInstance) {
  app.get(
    '/api/operator/courseware/list',
    { config: { access: CONTENT }, schema: { tags, summary: '课程与课件文件（含未发布）' } },
    async () => {
      const courses = await app.db
        .selectFrom('courses')
        .select([
          sql<number>`id::int`.as('id'),
          'title',
          'category',
          'summary',
          'published',
          'sort',
          sql<string>`to_char(updated_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI')`.as('updatedAt'),
        ])
        .orderBy('sort')
        .orderBy('id', 'desc')
        .execute();
      const files = await app.db
        .selectFrom('course_files')
        .select([
          sql<number>`id::int`.as('id'),
          sql<number>`course_id::int`.as('courseId'),
          'seq',
          'kind',
          'title',
          sql<number>`size_bytes::float8`.as('sizeBytes'),
          'length_units as lengthUnits',
        ])
        .orderBy('course_id')
        .orderBy('seq')
        .execute();
      return ok(courses.map((course) => ({ ...course, files: files.filter((file) => file.courseId === course.id) })));
    },
  );

  app.post(
    '/api/operator/courseware/save',
    { config: { access: CONTENT }, schema: { tags, summary: '新建或修改课程', body: courseBody } },
    async (request) => {
      const { id, ...fields } = request.body;
      const session = sessionOf(request);
      if (id) {
        const before = await app.db.selectFrom('courses').selectAll().where('id', '=', id).executeTakeFirst();
        if (!before) throw notFound('该课程不存在');
        await app.db
          .updateTable('courses')
          .set({ ...fields, updated_at: sql`now()` })
          .where('id', '=', id)
          .execute();
        noteAudit(request, { targetType: 'course', targetId: id, before, after: fields });
        return ok({ id });
      }
      const row = await app.db
        .insertInto('courses')
        .values({ ...fields, created_by: session.userId })
        .returning('id')
        .executeTakeFirstOrThrow();
      noteAudit(request, { targetType: 'course', targetId: Number(row.id), after: fields });
      return ok({ id: Number(row.id) });
    },
  );

  app.post(
    '/api/operator/courseware/upload',
    { config: { access: CONTENT }, schema: { tags, summary: '上传课件文件（PDF、MP4、WebM）' } },
    async (request) => {
      const fields: Record<string, string> = {};
      let bytes: Buffer | null = null;
      try {
        for await (const part of request.parts({ limits: { files: 1, fileSize: COURSE_FILE_MAX_BYTES } })) {
          if (part.type === 'file') bytes = await part.toBuffer();
          else fields[part.fieldname] = String(part.value);
        }
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          throw new AppError('PAYLOAD_TOO_LARGE', '课件文件不可超过200MB');
        throw error;
      }
      const parsed = z
        .object({
          courseId: z.coerce.number({ error: '请选择课程' }).int().positive('请选择课程'),
          title: z.string({ error: '请填写课件标题' }).trim().min(1, '请填写课件标题').max(100, '课件标题最多100个字'),
          lengthUnits: z.coerce.number().int().positive('时长应为正整数秒').optional(),
        })
        .safeParse(fields);
      if (!parsed.success) throw new AppError('VALIDATION', parsed.error.issues[0]?.message ?? '参数不正确');
      if (!bytes || bytes.length === 0) throw new AppError('VALIDATION', '请选择课件文件');
      const course = await app.db
        .selectFrom('courses')
        .select('id')
        .where('id', '=', parsed.data.courseId)
        .executeTakeFirst();
      if (!course) throw notFound('该课程不存在');
      const stored = await storeCourseFile(app.db, app.storage, {
        courseId: parsed.data.courseId,
        title: parsed.data.title,
        bytes,
        lengthUnits: parsed.data.lengthUnits ?? null,
      });
      noteAudit(request, { targetType: 'course_file', targetId: stored.id, after: { ...parsed.data, ...stored } });
      return ok(stored);
    },
  );

  app.post(
    '/api/operator/courseware/deleteFile',
    {
      config: { access: CONTENT },
      schema: { tags, summary: '删除课件文件', body: z.object({ id: z.number().int().positive() }) },
    },
    async (request) => {
      const row = await app.db
        .deleteFrom('course_files')
        .where('id', '=', request.body.id)
        .returning(['storage_key', 'title', 'course_id'])
        .executeTakeFirst();
      if (!row) throw notFound('该课件不存在');
      await app.storage.delete(row.storage_key);
      noteAudit(request, { targetType: 'course_file', targetId: request.body.id, before: row });
      return ok(null);
    },
  );

  app.post(
    '/api/operator/courseware/delete',
    {
      config: { access: CONTENT },
      schema: { tags, summary: '删除课程（连同课件文件）', body: z.object({ id: z.number().int().positive() }) },
    },
    async (request) => {
      const keys = await app.db
        .selectFrom('course_files')
        .select('storage_key')
        .where('course_id', '=', request.body.id)
        .execute();
      const row = await app.db
        .deleteFrom('courses')
        .where('id', '=', request.body.id)
        .returning(['title'])
        .executeTakeFirst();
      if (!row) throw notFound('该课程不存在');
      for (const key of keys) await app.storage.delete(key.storage_key);
      noteAudit(request, { targetType: 'course', targetId: request.body.id, before: row });
      return ok(null);
    },
  );
}

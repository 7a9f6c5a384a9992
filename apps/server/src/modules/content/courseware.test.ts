import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, multipartBody, type TestContext } from '../../../test/helpers.js';
import { latestAudit, staffToken } from '../operator/test-support.js';

let ctx: TestContext;
let main: string;
let staff: string;
let content: string;
let video: Buffer;
let pdf: Buffer;
let courseId: number;

const ASSETS = path.resolve(import.meta.dirname, '../../../assets/courseware');

async function upload(token: string, fields: Record<string, string>, file: { filename: string; content: Buffer }) {
  const body = multipartBody(fields, file);
  const raw = await ctx.app.inject({
    method: 'POST',
    url: '/api/operator/courseware/upload',
    headers: { token, ...body.headers },
    payload: body.payload,
  });
  return { status: raw.statusCode, ...raw.json() };
}

beforeAll(async () => {
  ctx = await createTestContext();
  main = await ctx.login('13800000001');
  staff = await ctx.login('13800000003');
  content = (await staffToken(ctx, ['content'])).token;
  video = await readFile(path.join(ASSETS, 'vat-invoice-matching.webm'));
  pdf = await readFile(path.join(ASSETS, 'vat-invoice-matching.pdf'));
});
afterAll(() => ctx.close());

describe('courseware (/courseware, enablementServicePermission)', () => {
  it('the content operator creates a course and uploads a video and a PDF; wrong files are refused', async () => {
    const denied = await ctx.call('POST', '/api/operator/courseware/save', {
      token: main,
      body: { title: '客户自建', category: '测试', summary: '不应成功' },
    });
    expect(denied.status).toBe(403);
    const empty = await ctx.call('POST', '/api/operator/courseware/save', {
      token: content,
      body: { title: '', category: '税务风险', summary: '简介' },
    });
    expect(empty.msg).toContain('请填写课程名称');
    const saved = await ctx.call('POST', '/api/operator/courseware/save', {
      token: content,
      body: { title: '票表比对实务', category: '税务风险', summary: '测试课程', published: false },
    });
    expect(saved.code, saved.msg).toBe(0);
    courseId = saved.data.id;
    const one = await upload(
      content,
      { courseId: String(courseId), title: '第一讲', lengthUnits: '10' },
      { filename: 'a.webm', content: video },
    );
    expect(one.code, one.msg).toBe(0);
    expect(one.data).toMatchObject({ kind: 'video', lengthUnits: 10 });
    const two = await upload(
      content,
      { courseId: String(courseId), title: '讲义' },
      { filename: 'b.pdf', content: pdf },
    );
    expect(two.data).toMatchObject({ kind: 'pdf', lengthUnits: 2 });
    const renamed = await upload(
      content,
      { courseId: String(courseId), title: '伪装' },
      { filename: 'c.pdf', content: Buffer.from('not a pdf at all') },
    );
    expect(renamed.status).toBe(400);
    expect(renamed.msg).toBe('仅支持PDF、MP4或WebM格式的课件文件');
    const noTitle = await upload(content, { courseId: String(courseId) }, { filename: 'b.pdf', content: pdf });
    expect(noTitle.msg).toBe('请填写课件标题');
    const customer = await upload(
      main,
      { courseId: String(courseId), title: 'x' },
      { filename: 'b.pdf', content: pdf },
    );
    expect(customer.status).toBe(403);
    const [audit] = await latestAudit(ctx, 1);
    expect(audit?.target_type).toBe('course_file');
    const list = await ctx.call('GET', '/api/operator/courseware/list', { token: content });
    expect(list.data[0].files.map((file: { kind: string }) => file.kind)).toEqual(['video', 'pdf']);
  });

  it('an unpublished course is not shown; once published, the firm opens it and streams the video by ranges', async () => {
    const hidden = await ctx.call('GET', '/api/enablementService/findCourse', {
      token: main,
      query: { id: String(courseId) },
    });
    expect(hidden.status).toBe(404);
    await ctx.call('POST', '/api/operator/courseware/save', {
      token: content,
      body: { id: courseId, title: '票表比对实务', category: '税务风险', summary: '测试课程', published: true },
    });
    const list = await ctx.call('GET', '/api/enablementService/findEnablementServiceList', { token: main });
    expect(list.data).toEqual([expect.objectContaining({ id: courseId, files: 2, videos: 1, done: 0 })]);
    const course = await ctx.call('GET', '/api/enablementService/findCourse', {
      token: main,
      query: { id: String(courseId) },
    });
    const [videoFile, pdfFile] = course.data.fileList;
    expect(videoFile).toMatchObject({ kind: 'video', mime: 'video/webm', position: 0, done: false });

    const ranged = await ctx.app.inject({ method: 'GET', url: videoFile.url, headers: { range: 'bytes=100-199' } });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['content-range']).toBe(`bytes 100-199/${video.length}`);
    expect(ranged.rawPayload.equals(video.subarray(100, 200))).toBe(true);
    const tail = await ctx.app.inject({ method: 'GET', url: videoFile.url, headers: { range: 'bytes=-10' } });
    expect(tail.rawPayload.equals(video.subarray(video.length - 10))).toBe(true);
    const outside = await ctx.app.inject({
      method: 'GET',
      url: videoFile.url,
      headers: { range: `bytes=${video.length}-` },
    });
    expect(outside.statusCode).toBe(416);
    const whole = await ctx.app.inject({ method: 'GET', url: pdfFile.url });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.rawPayload.equals(pdf)).toBe(true);
    // Another file's signature, or a forged one, opens nothing.
    const forged = await ctx.app.inject({
      method: 'GET',
      url: pdfFile.url.replace(`/file/${pdfFile.id}`, `/file/${videoFile.id}`),
    });
    expect(forged.statusCode).toBe(403);
  });

  it('keeps progress per user; done stays done', async () => {
    const course = await ctx.call('GET', '/api/enablementService/findCourse', {
      token: main,
      query: { id: String(courseId) },
    });
    const [videoFile] = course.data.fileList;
    const tooFar = await ctx.call('POST', '/api/enablementService/saveProgress', {
      token: main,
      body: { fileId: videoFile.id, position: 11 },
    });
    expect(tooFar.msg).toBe('进度超出课件长度');
    await ctx.call('POST', '/api/enablementService/saveProgress', {
      token: main,
      body: { fileId: videoFile.id, position: 10, done: true },
    });
    await ctx.call('POST', '/api/enablementService/saveProgress', {
      token: main,
      body: { fileId: videoFile.id, position: 3 },
    });
    const mine = await ctx.call('GET', '/api/enablementService/findCourse', {
      token: main,
      query: { id: String(courseId) },
    });
    expect(mine.data.fileList[0]).toMatchObject({ position: 3, done: true });
    expect(mine.data.done).toBe(1);
    // Another user of the same group starts from zero.
    const theirs = await ctx.call('GET', '/api/enablementService/findCourse', {
      token: staff,
      query: { id: String(courseId) },
    });
    expect(theirs.data.fileList[0]).toMatchObject({ position: 0, done: false });
  });

  it('needs enablementServicePermission 1 (403 otherwise)', async () => {
    const group = await ctx.db
      .selectFrom('users')
      .select('group_id')
      .where('phone', '=', '13800000001')
      .executeTakeFirstOrThrow();
    await ctx.db
      .updateTable('groups')
      .set({ enablement_service_permission: 0 })
      .where('id', '=', Number(group.group_id))
      .execute();
    for (const [method, url, body] of [
      ['GET', '/api/enablementService/findEnablementServiceList', undefined],
      ['GET', `/api/enablementService/findCourse?id=${courseId}`, undefined],
      ['POST', '/api/enablementService/saveProgress', { fileId: 1, position: 0 }],
    ] as const) {
      const answer = await ctx.call(method, url, { token: main, body });
      expect(answer.status).toBe(403);
      expect(answer.msg).toBe('当前用户没有权限，请联系管理员');
    }
    const other = await ctx.login('13900000001');
    const open = await ctx.call('GET', '/api/enablementService/findEnablementServiceList', { token: other });
    expect(open.data).toHaveLength(1);
  });

  it('deletes a course with its files', async () => {
    const removed = await ctx.call('POST', '/api/operator/courseware/delete', {
      token: content,
      body: { id: courseId },
    });
    expect(removed.code).toBe(0);
    const files = await ctx.db.selectFrom('course_files').select('id').execute();
    expect(files).toHaveLength(0);
  });
});

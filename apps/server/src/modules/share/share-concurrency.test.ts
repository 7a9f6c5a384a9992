import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTeam, createUser } from '../../../test/factories.js';
import { createTestContext, multipartBody, type TestContext } from '../../../test/helpers.js';
import { SHARE_LINK_UPLOAD_LIMIT } from './share.service.js';

/**
 * Issue 12: a share link's upload cap holds when a client sends many files at once, and the
 * socket events about a link reach only the users who may see it (the main account, its creator,
 * the creator's supervisors), never the whole firm.
 */

let ctx: TestContext;
let listener: pg.Client;
const events: { target: { userIds?: number[]; groupId?: number }; event: Record<string, unknown> }[] = [];
const users: { id: number; token: string }[] = [];
let creator: { id: number; token: string };

beforeAll(async () => {
  ctx = await createTestContext({ workers: true });
  listener = new pg.Client({ connectionString: ctx.url });
  await listener.connect();
  listener.on('notification', (message) => events.push(JSON.parse(message.payload ?? '{}')));
  await listener.query('LISTEN taxlens_events');
  // Group 1 of the demo (main 1, supervisor 2, staff 3) plus a staff member with a supervisor
  // of her own, and a staff member outside her team.
  const staff = await createUser(ctx.db, { groupId: 1, level: 3 });
  const supervisor = await createUser(ctx.db, { groupId: 1, level: 2 });
  const outsider = await createUser(ctx.db, { groupId: 1, level: 3 });
  await createTeam(ctx.db, 1, '链接可见性小组', [staff.id, supervisor.id]);
  for (const [id, phone] of [
    [1, '13800000001'],
    [2, '13800000002'],
    [3, '13800000003'],
    [staff.id, staff.phone],
    [supervisor.id, supervisor.phone],
    [outsider.id, outsider.phone],
  ] as const) {
    users.push({ id, token: await ctx.login(phone) });
  }
  creator = users.find((user) => user.id === staff.id) as { id: number; token: string };
});

afterAll(async () => {
  await listener?.end();
  await ctx?.close();
});

function clientUpload(token: string, content: Buffer) {
  const body = multipartBody({ token, kind: 'invoice' }, { filename: '发票.xlsx', content });
  return ctx.app.inject({
    method: 'POST',
    url: '/api/CsbFirmCertification/tkCsbUploadReport',
    headers: body.headers,
    payload: body.payload,
  });
}

describe('share link under concurrency', () => {
  it('accepts no more files than the cap when they arrive at once; a refused file does not count', async () => {
    const created = await ctx.call('POST', '/api/userInfo/generateQrCode', { token: creator.token, body: {} });
    const shareId = created.data.shareId as number;
    const token = new URL(created.data.url).searchParams.get('token') as string;
    const bound = await ctx.call('POST', '/api/CsbFirmCertification/tkBindFirm', {
      body: {
        token,
        taxpayerName: '并发上传有限公司',
        taxNo: '91110000200000011X',
        contactName: '客户',
        contactPhone: '13612345678',
      },
    });
    expect(bound.code, bound.msg).toBe(0);
    await ctx.db
      .updateTable('share_links')
      .set({ upload_count: SHARE_LINK_UPLOAD_LIMIT - 2 })
      .where('id', '=', shareId)
      .execute();

    const empty = await clientUpload(token, Buffer.alloc(0));
    expect([empty.statusCode, empty.json().msg]).toEqual([400, '文件为空，请重新选择']);

    const answers = await Promise.all(Array.from({ length: 6 }, () => clientUpload(token, Buffer.from('不是表格'))));
    const refused = answers.filter((answer) => answer.statusCode === 429);
    expect(answers.length - refused.length).toBe(2);
    expect(refused[0]?.json().msg).toBe(
      `该链接最多可上传${SHARE_LINK_UPLOAD_LIMIT}个文件，已达上限，请联系您的财税顾问重新获取链接`,
    );
    const link = await ctx.db
      .selectFrom('share_links')
      .select('upload_count')
      .where('id', '=', shareId)
      .executeTakeFirstOrThrow();
    expect(link.upload_count).toBe(SHARE_LINK_UPLOAD_LIMIT);
    const stored = await ctx.db.selectFrom('imports').select('id').where('share_link_id', '=', shareId).execute();
    expect(stored).toHaveLength(2);

    // Who may see the link, asked of the API user by user; the events went to exactly them.
    const seeing: number[] = [];
    for (const user of users) {
      const state = await ctx.call('GET', '/api/userInfo/findQrCodeState', {
        token: user.token,
        query: { shareId: String(shareId) },
      });
      if (state.code === 0) seeing.push(user.id);
      else expect(state.status).toBe(404);
    }
    // The main account, the creator and her supervisor; not the other supervisor, staff or outsider.
    expect(seeing).toHaveLength(3);
    expect(seeing).not.toContain(3);
    const firmId = bound.data.firmId as number;
    const about = () =>
      events.filter(
        (item) =>
          item.event.shareId === shareId ||
          item.event.firmId === firmId ||
          item.event.companyId === firmId ||
          stored.some((row) => row.id === item.event.importId),
      );
    // Both uploads' final import events arrive once the worker has processed the files.
    for (
      let tries = 0;
      about().filter((item) => item.event.msgType === 'IMPORT_PROGRESS' && item.event.status === 'failed').length < 2;
      tries++
    ) {
      expect(tries).toBeLessThan(600);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const kinds = new Set(about().map((item) => item.event.msgType));
    expect(kinds).toEqual(new Set(['SHARE_LINK', 'CLIENT_UPLOAD', 'IMPORT_PROGRESS']));
    for (const item of about()) {
      expect(item.target.groupId).toBeUndefined();
      expect(item.target.userIds?.every((id) => seeing.includes(id))).toBe(true);
      if (item.event.msgType !== 'CLIENT_UPLOAD')
        expect([...(item.target.userIds ?? [])].sort()).toEqual([...seeing].sort());
    }
  }, 120_000);
});

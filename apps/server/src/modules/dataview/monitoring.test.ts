import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { createUser } from '../../../test/factories.js';
import { createTestContext, type TestContext } from '../../../test/helpers.js';
import { publishEvent } from '../../plugins/realtime.js';
import { checkMonitored } from './monitoring-run.js';

let ctx: TestContext;
let main: string;
let otherMain: string;
let staffDenied: string;
const base = '/api/DataAnalysisMonitoring';

/** Three registry companies of the demo data set, none with records of the watched lists yet. */
let codes: string[] = [];
let datasetId: number;

async function quietCompanies(count: number): Promise<string[]> {
  const rows = await ctx.db
    .selectFrom('cd_companies as c')
    .select('c.credit_code')
    .where((eb) =>
      eb.not(eb.exists(eb.selectFrom('cd_risks as r').select('r.id').whereRef('r.credit_code', '=', 'c.credit_code'))),
    )
    .where((eb) =>
      eb.not(
        eb.exists(
          eb.selectFrom('cd_credit_ratings as g').select('g.year').whereRef('g.credit_code', '=', 'c.credit_code'),
        ),
      ),
    )
    .orderBy('c.credit_code')
    .limit(count)
    .execute();
  return rows.map((row) => row.credit_code);
}

/** A row of a new version of the 裁判文书 list, as a dataset import writes it. */
async function addJudgment(creditCode: string, reference: string, decidedOn = '2026-03-02') {
  await ctx.db
    .insertInto('cd_risks')
    .values({
      kind: 'judgment_document',
      credit_code: creditCode,
      name: '被告企业',
      reference,
      title: '买卖合同纠纷一审民事判决书',
      category: '民事',
      decided_on: decidedOn,
      authority: '北京市朝阳区人民法院',
      details: '{}',
      source: '中国裁判文书网',
      as_of: '2026-03-10',
      dataset_id: datasetId,
    })
    .execute();
}

/** Socket messages to a user until a marker published after the action arrives (delivery keeps commit order). */
async function messagesDuring(userId: number, token: string, action: () => Promise<unknown>) {
  const socket: WebSocket = await ctx.app.injectWS(`/webSocket/${userId}`, {
    headers: { 'sec-websocket-protocol': `taxlens, ${token}` },
  });
  const received: Record<string, unknown>[] = [];
  const done = new Promise<void>((resolve) =>
    socket.on('message', (data) => {
      const message = JSON.parse(data.toString());
      if (message.msgType === 'TEST_MARKER') resolve();
      else received.push(message);
    }),
  );
  await action();
  await publishEvent(ctx.db, { userIds: [userId] }, { msgType: 'TEST_MARKER' });
  await done;
  socket.terminate();
  return received;
}

const join = (token: string, creditCodes: string[]) =>
  ctx.call('POST', `${base}/joinMonitoringList`, { token, body: { creditCodes } });
const events = async (token: string, body: Record<string, unknown> = {}) =>
  (await ctx.call('POST', `${base}/findMonitoringRecord`, { token, body })).data;

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.db.updateTable('groups').set({ data_price_auth: 1, monitor_slots: 2 }).execute();
  main = await ctx.login('13800000001');
  otherMain = await ctx.login('13900000001');
  const denied = await createUser(ctx.db, {
    groupId: 1,
    level: 3,
    notMenus: [{ type: 1, permission: 'monitoringAnalyze' }],
  });
  staffDenied = await ctx.login(denied.phone);
  codes = await quietCompanies(3);
  const dataset = await ctx.db.selectFrom('cd_datasets').select('id').orderBy('id').executeTakeFirstOrThrow();
  datasetId = Number(dataset.id);
});

afterAll(async () => {
  await ctx?.close();
});

describe('data service and permissions', () => {
  it('refuses every call without the data service (0: not bought, 2: expired)', async () => {
    await ctx.db.updateTable('groups').set({ data_price_auth: 0 }).where('id', '=', 2).execute();
    const answer = await ctx.call('GET', `${base}/findMonitoringNum`, { token: otherMain });
    expect(answer.status).toBe(403);
    // Not the permission code 1003: the user may have the right, the group lacks the service.
    expect(answer.code).toBe(1014);
    expect(answer.msg).toBe('未开通数据服务，请联系您的客户经理开通');
    await ctx.db.updateTable('groups').set({ data_price_auth: 2 }).where('id', '=', 2).execute();
    const expired = await ctx.call('POST', `${base}/findMonitoringList`, { token: otherMain, body: {} });
    expect(expired.status).toBe(403);
    expect(expired.msg).toBe('数据服务已到期，请联系您的客户经理续订');
    await ctx.db.updateTable('groups').set({ data_price_auth: 1 }).where('id', '=', 2).execute();
  });

  it('refuses a user without monitoringAnalyze on every monitoring call (403)', async () => {
    const names = [
      'deleteMonitoring',
      'findJoinMonitoringNum',
      'findJoinMonitoringState',
      'findMonitoringList',
      'findMonitoringNum',
      'findMonitoringRecord',
      'joinMonitoringList',
      'readMonitoringRecord',
      'refreshMonitoring',
      'setUpDataSwitch',
    ];
    const routes = ctx.app.guardedRoutes.filter((route) => names.some((name) => route.url === `${base}/${name}`));
    expect(routes).toHaveLength(names.length);
    for (const route of routes) {
      const answer = await ctx.call(route.method as 'GET' | 'POST', route.url, {
        token: staffDenied,
        ...(route.method === 'POST' ? { body: {} } : {}),
      });
      expect(answer.status, route.url).toBe(403);
      expect(answer.msg).toBe('当前用户没有权限，请联系管理员');
    }
  });
});

describe('monitoring list and slots', () => {
  it('adds companies up to the slots and refuses more with the count beyond, changing nothing', async () => {
    const over = await join(main, codes);
    expect(over.status).toBe(409);
    expect(over.msg).toBe('可监控企业数量不足：剩余 2 家，本次添加 3 家，超出 1 家');
    expect(over.data).toEqual({ canUseMonitorNumber: 2, requested: 3, over: 1 });
    expect((await ctx.call('GET', `${base}/findMonitoringNum`, { token: main })).data).toEqual({
      monitorSlots: 2,
      used: 0,
      canUseMonitorNumber: 2,
    });

    const added = await join(main, codes.slice(0, 2));
    expect(added.data).toEqual({ added: 2, skipped: 0 });
    expect(added.msg).toBe('已加入监控 2 家企业');
    const again = await join(main, codes.slice(0, 1));
    expect(again.data).toEqual({ added: 0, skipped: 1 });
    const num = await ctx.call('GET', `${base}/findJoinMonitoringNum`, { token: main });
    expect(num.data).toEqual({ monitorSlots: 2, used: 2, canUseMonitorNumber: 0 });
    const details = await ctx.call('GET', '/api/userInfo/findUserDetails', { token: main, query: { userId: '1' } });
    expect(details.data.canUseMonitorNumber).toBe(0);

    const list = await ctx.call('POST', `${base}/findMonitoringList`, { token: main, body: { page: 1, size: 20 } });
    expect(list.data.total).toBe(2);
    expect(list.data.list.map((row: { creditCode: string }) => row.creditCode).sort()).toEqual(codes.slice(0, 2));
    expect(list.data.list[0].switches).toEqual(['lawsuit', 'abnormal', 'credit', 'illegal', 'invoice']);
    const state = await ctx.call('POST', `${base}/findJoinMonitoringState`, {
      token: main,
      body: { creditCodes: codes },
    });
    expect(state.data.map((row: { joined: boolean }) => row.joined)).toEqual([true, true, false]);
  });

  it('accepts the spec form encoding and gives clear errors for bad or unknown codes', async () => {
    const bad = await ctx.call('POST', `${base}/joinMonitoringList`, { token: main, body: { creditCodes: ['12'] } });
    expect(bad.status).toBe(400);
    expect(bad.msg).toBe('请输入正确的统一社会信用代码');
    const unknown = await join(main, ['91110000ZZZZZZZZ9X']);
    expect(unknown.status).toBe(404);
    expect(unknown.msg).toBe('未找到统一社会信用代码为 91110000ZZZZZZZZ9X 的企业');
    const form = await ctx.app.inject({
      method: 'POST',
      url: `${base}/findMonitoringList`,
      headers: { token: main, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'page=1&size=1',
    });
    expect(form.json().data.list).toHaveLength(1);
  });

  it("keeps another group's monitoring out of reach (404) and out of its lists", async () => {
    const mine = await ctx.call('POST', `${base}/findMonitoringList`, { token: main, body: {} });
    const id = mine.data.list[0].id;
    const theirs = await ctx.call('POST', `${base}/findMonitoringList`, { token: otherMain, body: {} });
    expect(theirs.data.total).toBe(0);
    const remove = await ctx.call('POST', `${base}/deleteMonitoring`, { token: otherMain, body: { ids: [id] } });
    expect(remove.status).toBe(404);
    const toggle = await ctx.call('POST', `${base}/setUpDataSwitch`, {
      token: otherMain,
      body: { id, kind: 'lawsuit', enabled: false },
    });
    expect(toggle.status).toBe(404);
    const read = await ctx.call('POST', `${base}/findMonitoringRecord`, {
      token: otherMain,
      body: { monitoredId: id },
    });
    expect(read.data.total).toBe(0);
  });
});

describe('the monitoring job', () => {
  it('turns one changed dataset row into exactly one event and one DATAPRICE message', async () => {
    const [code] = codes as [string];
    await addJudgment(code, '（2026）京0105民初1001号');
    const received = await messagesDuring(1, main, () => checkMonitored(ctx.db, { push: true }));
    const found = await events(main);
    expect(found.total).toBe(1);
    expect(found.list[0]).toMatchObject({
      creditCode: code,
      kind: 'lawsuit',
      kindLabel: '司法诉讼',
      title: '新增裁判文书：买卖合同纠纷一审民事判决书',
      detail: '（2026）京0105民初1001号；北京市朝阳区人民法院；民事',
      happenedOn: '2026-03-02',
      source: '中国裁判文书网（数据截至 2026-03-10）',
      read: false,
    });
    expect(received).toHaveLength(1);
    expect(received[0]).toEqual({
      msgType: 'DATAPRICE',
      state: 3,
      msg: '监控的 1 家企业有 1 条新的风险变化',
      monitoringNumAll: 2,
      monitoringNumCovering: 1,
      // The catalogue's service answering 裁判文书 (migration 0240), not the event itself.
      dataServerDeliveries: [
        {
          id: expect.any(Number),
          title: '司法风险排查报告',
          subheading: '被执行、失信、限高、冻结与终本案件的专项排查',
        },
      ],
      industry: expect.any(String),
      riskItem: '司法诉讼',
    });

    // The next run finds nothing new and sends nothing; so does a re-import of the same record.
    expect(await messagesDuring(1, main, () => checkMonitored(ctx.db, { push: true }))).toEqual([]);
    await ctx.db.deleteFrom('cd_risks').where('credit_code', '=', code).execute();
    await addJudgment(code, '（2026）京0105民初1001号');
    const rerun = await checkMonitored(ctx.db, { push: true });
    expect(rerun).toMatchObject({ checked: 2, events: 0, failed: 0, pushedGroups: [] });
    expect((await events(main)).total).toBe(1);
  });

  it('records 经营异常, illegal cases and credit-level changes, and respects the switches', async () => {
    const [, code] = codes as [string, string];
    const id = (
      await ctx.call('POST', `${base}/findJoinMonitoringState`, { token: main, body: { creditCodes: [code] } })
    ).data[0].id;
    const off = await ctx.call('POST', `${base}/setUpDataSwitch`, {
      token: main,
      body: { id, kind: 'abnormal', enabled: false },
    });
    expect(off.data.switches).toEqual(['lawsuit', 'credit', 'illegal', 'invoice']);
    const risk = (kind: string, title: string, reference: string) => ({
      kind,
      credit_code: code,
      name: '企业',
      reference,
      title,
      decided_on: '2026-02-01',
      details: '{}',
      source: '国家税务总局',
      as_of: '2026-02-10',
      dataset_id: datasetId,
    });
    await ctx.db
      .insertInto('cd_risks')
      .values([
        risk('abnormal_operation', '未按规定期限公示年度报告', 'JY2026-1'),
        risk('major_tax_violation', '虚开增值税专用发票', '京税稽罚〔2026〕12号'),
      ])
      .execute();
    await ctx.db
      .insertInto('cd_credit_ratings')
      .values({
        credit_code: code,
        year: 2025,
        level: 'A',
        name: '企业',
        source: '国家税务总局',
        as_of: '2026-04-01',
        dataset_id: datasetId,
      })
      .execute();
    await checkMonitored(ctx.db, { push: false });
    const mine = await events(main, { monitoredId: id });
    expect(mine.list.map((event: { kind: string; title: string }) => [event.kind, event.title]).sort()).toEqual([
      ['credit', '纳税信用等级评定为 A 级（2025 年度）'],
      ['illegal', '新增重大税收违法失信主体：虚开增值税专用发票'],
    ]);

    await ctx.db.updateTable('cd_credit_ratings').set({ level: 'B' }).where('credit_code', '=', code).execute();
    await checkMonitored(ctx.db, { push: false });
    const credit = await events(main, { monitoredId: id, kind: 'credit' });
    expect(credit.list[0].title).toBe('纳税信用等级由 A 级变为 B 级（2025 年度）');
    expect(credit.total).toBe(2);
  });

  it('records an invoice-report rule crossing a level, from the group’s own reports', async () => {
    const [code] = codes as [string];
    const report = (level: string, key: string) =>
      ctx.db
        .insertInto('reports')
        .values({
          group_id: 1,
          company_id: null,
          company_name: '监控企业',
          company_tax_no: code,
          report_type: 'INVOICE',
          period_start: '2025-01',
          period_end: '2025-12',
          status: 'done',
          result: JSON.stringify({ findings: [{ ruleId: 'INV-VOID-RATE', level, title: '作废率偏高' }] }),
          sources: '[]',
          request_key: key,
          created_by: 1,
          finished_at: new Date(),
        })
        .execute();
    await report('low', 'monitor-1');
    await checkMonitored(ctx.db, { push: false });
    await report('high', 'monitor-2');
    await checkMonitored(ctx.db, { push: false });
    const invoice = await events(main, { kind: 'invoice' });
    expect(invoice.list.map((event: { title: string; detail: string }) => [event.title, event.detail])).toEqual([
      ['发票风险升至高风险：作废率偏高', '由低风险升至高风险'],
      ['发票风险升至低风险：作废率偏高', '由无风险升至低风险'],
    ]);
    expect(invoice.list[0].source).toBe('本机构导入数据：发票穿透报告（2025-01 至 2025-12）');
  });
});

describe('history and the DATAPRICE answer', () => {
  it('filters the history by kind, keyword, date and unread, and marks events read', async () => {
    const all = await events(main);
    expect(all.total).toBe(6);
    expect((await events(main, { kind: 'lawsuit' })).total).toBe(1);
    expect(all.byKind.map((row: { label: string; count: number }) => [row.label, row.count])).toEqual([
      ['司法诉讼', 1],
      ['经营异常', 0],
      ['纳税信用等级', 2],
      ['税收违法案件', 1],
      ['发票风险', 2],
    ]);
    expect((await events(main, { keyword: '虚开' })).total).toBe(1);
    expect(
      (await events(main, { from: '2026-03-01', to: '2026-03-31' })).list.map((e: { kind: string }) => e.kind),
    ).toEqual(['lawsuit']);
    const bad = await ctx.call('POST', `${base}/findMonitoringRecord`, { token: main, body: { from: '2026-13-01' } });
    expect(bad.status).toBe(400);
    expect(bad.msg).toBe('请选择正确的开始日期');
    const first = all.list[0].id;
    expect(
      (await ctx.call('POST', `${base}/readMonitoringRecord`, { token: main, body: { ids: [first] } })).data,
    ).toEqual({
      read: 1,
    });
    expect((await events(main, { unread: true })).total).toBe(5);
    // Another group cannot mark this group's events.
    expect((await ctx.call('POST', `${base}/readMonitoringRecord`, { token: otherMain, body: {} })).data).toEqual({
      read: 0,
    });
  });

  it('answers the client DATAPRICE message over the socket with notification state 3', async () => {
    const socket = await ctx.app.injectWS('/webSocket/1', {
      headers: { 'sec-websocket-protocol': `taxlens, ${main}` },
    });
    const answer = new Promise<Record<string, unknown>>((resolve) =>
      socket.once('message', (data) => resolve(JSON.parse(data.toString()))),
    );
    socket.send(JSON.stringify({ msgType: 'DATAPRICE', userId: 1 }));
    const message = await answer;
    socket.terminate();
    expect(message).toMatchObject({ msgType: 'DATAPRICE', state: 3, monitoringNumAll: 2, monitoringNumCovering: 2 });
    expect((message.dataServerDeliveries as unknown[]).length).toBe(2);
    expect(message.riskItem).toMatch(/司法诉讼|纳税信用等级|税收违法案件|发票风险/);
  });

  it('frees the slot on removal and keeps the history', async () => {
    const list = await ctx.call('POST', `${base}/findMonitoringList`, { token: main, body: {} });
    const id = list.data.list[0].id;
    const removed = await ctx.call('POST', `${base}/deleteMonitoring`, { token: main, body: { ids: [id] } });
    expect(removed.data).toEqual({ removed: 1 });
    expect((await ctx.call('GET', `${base}/findMonitoringNum`, { token: main })).data.canUseMonitorNumber).toBe(1);
    expect((await events(main, { monitoredId: id })).total).toBeGreaterThan(0);
    const twice = await ctx.call('POST', `${base}/deleteMonitoring`, { token: main, body: { ids: [id] } });
    expect(twice.status).toBe(404);
  });
});

import { reportKindByReportType } from '@taxlens/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories.js';
import { createTestContext, type TestContext } from '../../../test/helpers.js';
import { closeSharedBrowser } from '../../lib/browser.js';
import { MIND_BATCH_LIMIT } from './mindmaps.service.js';
import { readXmind } from './xmind.js';

let ctx: TestContext;
let main: string;
let otherMain: string;
const base = '/api/People';

const finding = (category: string, title: string, level: string, figures: unknown[]) => ({
  ruleId: `${category}-${title}`,
  title,
  category,
  level,
  summary: `${title}。`,
  figures,
  threshold: '',
  evidence: null,
  explanation: '',
  basis: '',
  suggestion: '',
});

const RESULT = {
  findings: [
    finding('开票时间', '月末集中开票', 'medium', [
      { label: '月末三日开票金额', value: 1234567, unit: 'fen' },
      { label: '占全月比例', value: 62.5, unit: '%' },
    ]),
    finding('发票作废', '作废率偏高', 'high', [{ label: '作废张数', value: 18, unit: '张' }]),
    finding('开票时间', '节假日开票', 'none', []),
  ],
};

async function doneReport(
  groupId: number,
  createdBy: number,
  companyName: string,
  status: 'done' | 'analysing' = 'done',
) {
  const row = await ctx.db
    .insertInto('reports')
    .values({
      group_id: groupId,
      company_id: null,
      company_name: companyName,
      company_tax_no: '91440300MA5TEST01X',
      report_type: 'INVOICE',
      period_start: '2025-01',
      period_end: '2025-06',
      status,
      result: JSON.stringify(RESULT),
      sources: JSON.stringify([]),
      request_key: `mind-${companyName}`,
      created_by: createdBy,
      finished_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

let reportA: number;
let reportB: number;
let pending: number;
let otherGroupReport: number;

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.db.updateTable('groups').set({ mind_price_auth: 1 }).execute();
  main = await ctx.login('13800000001');
  otherMain = await ctx.login('13900000001');
  reportA = await doneReport(1, 1, '深圳市示例贸易有限公司');
  reportB = await doneReport(1, 3, '广州市样本建材有限公司');
  pending = await doneReport(1, 1, '尚未完成的公司', 'analysing');
  otherGroupReport = await doneReport(2, 4, '另一集团的公司');
});
afterAll(async () => {
  await closeSharedBrowser();
  await ctx.close();
});

const mapsOf = async (token: string) => (await ctx.call('GET', `${base}/xmindList`, { token })).data;

describe('/api/People mind maps', () => {
  it('generates maps for several finished reports, lists them, and counts reports still without a map', async () => {
    const before = await ctx.call('GET', `${base}/createXmindOrImgBatidslimitation`, { token: main });
    expect(before.data).toEqual({ limit: MIND_BATCH_LIMIT, mindNum: 2 });
    const created = await ctx.call('POST', `${base}/createXmindOrImgBatids`, {
      token: main,
      body: { ids: [reportA, reportB], template: 'fresh' },
    });
    expect(created.data).toEqual({ created: 2 });
    const list = await mapsOf(main);
    expect(list.total).toBe(2);
    expect(list.list.map((item: { taxpayerName: string }) => item.taxpayerName).sort()).toEqual([
      '广州市样本建材有限公司',
      '深圳市示例贸易有限公司',
    ]);
    // root + 2 sections + 3 findings + 3 figures
    expect(list.list[0]).toMatchObject({ nodeCount: 9, template: 'fresh', reportName: expect.any(String) });
    const after = await ctx.call('GET', `${base}/createXmindOrImgBatidslimitation`, { token: main });
    expect(after.data.mindNum).toBe(0);
  });

  it('builds report → sections → findings → figures, riskiest finding first, money in yuan', async () => {
    const { list } = await mapsOf(main);
    const id = list.find((item: { reportId: number }) => item.reportId === reportA).id;
    const tree = (await ctx.call('GET', `${base}/xmindTree`, { token: main, query: { id: String(id) } })).data.tree;
    expect(tree.title).toBe(`深圳市示例贸易有限公司 · ${reportKindByReportType('INVOICE')?.name}（2025-01至2025-06）`);
    expect(tree.children.map((node: { title: string }) => node.title)).toEqual(['开票时间（2）', '发票作废（1）']);
    const timing = tree.children[0];
    expect(timing.children.map((node: { title: string }) => node.title)).toEqual([
      '月末集中开票【中风险】',
      '节假日开票【未发现异常】',
    ]);
    expect(timing.children[0].children.map((node: { title: string }) => node.title)).toEqual([
      '月末三日开票金额：12,345.67 元',
      '占全月比例：62.5%',
    ]);
  });

  it('exports a real .xmind zip whose content.json a fresh parse reads back as the same tree', async () => {
    const { list } = await mapsOf(main);
    const id = String(list[0].id);
    const tree = (await ctx.call('GET', `${base}/xmindTree`, { token: main, query: { id } })).data.tree;
    const answer = await ctx.call('GET', `${base}/exportXmind`, { token: main, query: { id } });
    expect(answer.status).toBe(200);
    expect(answer.raw.headers['content-disposition']).toContain('.xmind');
    const parsed = await readXmind(answer.raw.rawPayload);
    expect(parsed.files).toEqual(['content.json', 'manifest.json', 'metadata.json']);
    const strip = (node: { title: string; children: unknown[] }): unknown => ({
      title: node.title,
      children: node.children.map((child) => strip(child as typeof node)),
    });
    expect(parsed.root).toEqual(strip(tree));
  });

  it('exports the whole map as SVG with every node', async () => {
    const { list } = await mapsOf(main);
    const answer = await ctx.call('GET', `${base}/exportSvg`, { token: main, query: { id: String(list[0].id) } });
    expect(answer.raw.headers['content-type']).toContain('image/svg+xml');
    const svg = answer.raw.payload;
    expect(svg).toContain('<svg xmlns="http://www.w3.org/2000/svg"');
    expect(svg.match(/<rect x=/g)?.length).toBe(9);
    expect(svg).toContain('作废张数：18张');
    const png = await ctx.call('GET', `${base}/exportPng`, { token: main, query: { id: String(list[0].id) } });
    expect(png.raw.headers['content-type']).toBe('image/png');
    expect(png.raw.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    const pdf = await ctx.call('GET', `${base}/exportPdf`, { token: main, query: { id: String(list[0].id) } });
    expect(pdf.raw.headers['content-type']).toBe('application/pdf');
    expect(pdf.raw.headers['content-disposition']).toContain(encodeURIComponent('思维导图.pdf'));
    expect(pdf.raw.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  }, 60_000);

  it('bad input: an unfinished report, a batch over the limit, no report: refused, nothing written', async () => {
    const unfinished = await ctx.call('POST', `${base}/createXmindOrImgBatids`, {
      token: main,
      body: { ids: [pending] },
    });
    expect(unfinished.status).toBe(409);
    expect(unfinished.msg).toBe('报告尚未生成完成，暂不能生成思维导图');
    const ids = Array.from({ length: MIND_BATCH_LIMIT + 1 }, (_, index) => reportA + index + 100);
    const over = await ctx.call('POST', `${base}/createXmindOrImgBatids`, { token: main, body: { ids } });
    expect(over.status).toBe(400);
    expect(over.msg).toBe(`一次最多生成 ${MIND_BATCH_LIMIT} 份报告的思维导图`);
    const empty = await ctx.call('POST', `${base}/createXmindOrImgBatids`, { token: main, body: { ids: [] } });
    expect(empty.status).toBe(400);
    expect((await mapsOf(main)).total).toBe(2);
  });

  it("another group's report or map: 404, and its own list stays empty", async () => {
    const foreign = await ctx.call('POST', `${base}/createXmindOrImgBatids`, {
      token: main,
      body: { ids: [reportA, otherGroupReport] },
    });
    expect(foreign.status).toBe(404);
    const { list } = await mapsOf(main);
    for (const url of ['xmindTree', 'exportXmind', 'exportSvg', 'exportPng', 'exportPdf']) {
      const answer = await ctx.call('GET', `${base}/${url}`, { token: otherMain, query: { id: String(list[0].id) } });
      expect(answer.status).toBe(404);
    }
    expect((await ctx.call('POST', `${base}/deleteXmind`, { token: otherMain, body: { id: list[0].id } })).status).toBe(
      404,
    );
    expect((await mapsOf(otherMain)).total).toBe(0);
  });

  it('staff see only their own reports’ maps; staff without mindMap get 403', async () => {
    const staff = await ctx.login('13800000003');
    const own = await mapsOf(staff);
    expect(own.list.map((item: { reportId: number }) => item.reportId)).toEqual([reportB]);
    const denied = await createUser(ctx.db, { groupId: 1, level: 3, notMenus: [{ type: 1, permission: 'mindMap' }] });
    const deniedToken = await ctx.login(denied.phone);
    for (const url of ['xmindList', 'getXmindTemplateMultifile', 'createXmindOrImgBatidslimitation']) {
      expect((await ctx.call('GET', `${base}/${url}`, { token: deniedToken })).status).toBe(403);
    }
    const create = await ctx.call('POST', `${base}/createXmindOrImgBatids`, {
      token: deniedToken,
      body: { ids: [reportA] },
    });
    expect(create.status).toBe(403);
  });

  it('a group without the mind-map service (mindPriceAuth 0) cannot generate', async () => {
    await ctx.db.updateTable('groups').set({ mind_price_auth: 0 }).where('id', '=', 2).execute();
    const answer = await ctx.call('POST', `${base}/createXmindOrImgBatids`, {
      token: otherMain,
      body: { ids: [otherGroupReport] },
    });
    expect(answer.status).toBe(403);
    expect(answer.msg).toBe('未开通思维导图服务，请联系您的客户经理开通');
  });

  it('lists the templates and deletes a map, after which the report counts as without a map again', async () => {
    const templates = await ctx.call('GET', `${base}/getXmindTemplateMultifile`, { token: main });
    expect(templates.data.map((item: { name: string }) => item.name)).toEqual(['商务蓝', '清新绿', '墨色']);
    const { list } = await mapsOf(main);
    expect((await ctx.call('POST', `${base}/deleteXmind`, { token: main, body: { id: list[0].id } })).code).toBe(0);
    expect((await mapsOf(main)).total).toBe(1);
    const limit = await ctx.call('GET', `${base}/createXmindOrImgBatidslimitation`, { token: main });
    expect(limit.data.mindNum).toBe(1);
  });

  it('answers the MID reminder over the socket with the reports still without a map (state 4)', async () => {
    const socket = await ctx.app.injectWS('/webSocket/1', {
      headers: { 'sec-websocket-protocol': `taxlens, ${main}` },
    });
    const answer = new Promise<Record<string, unknown>>((resolve) =>
      socket.once('message', (data) => resolve(JSON.parse(data.toString()))),
    );
    socket.send(JSON.stringify({ msgType: 'MID', userId: 1 }));
    expect(await answer).toEqual({ msgType: 'MID', state: 4, mindNum: 1 });
    socket.terminate();
  });

  it('shyInfoListxmind lists the finished reports (综合税务风险报告 by default) with their map, as the viewer may see', async () => {
    const comprehensive = await doneReport(1, 1, '综合报告的公司');
    await ctx.db.updateTable('reports').set({ report_type: 'COMPREHENSIVE' }).where('id', '=', comprehensive).execute();
    const url = '/api/BusinessPanoramicReport/shyInfoListxmind';
    const byDefault = await ctx.call('GET', url, { token: main });
    expect(byDefault.data.list).toEqual([
      expect.objectContaining({ reportId: comprehensive, taxpayerName: '综合报告的公司', mindMapId: null }),
    ]);
    const invoice = await ctx.call('GET', url, { token: main, query: { reportType: 'INVOICE' } });
    const ids = invoice.data.list.map((row: { reportId: number }) => row.reportId).sort();
    expect(ids).toEqual([reportA, reportB].sort());
    const mapped = invoice.data.list.filter((row: { mindMapId: number | null }) => row.mindMapId !== null);
    expect(mapped).toHaveLength(1);
    const without = await ctx.call('GET', url, { token: main, query: { reportType: 'INVOICE', withoutMap: '1' } });
    expect(without.data.list.map((row: { mindMapId: null }) => row.mindMapId)).toEqual([null]);
    const staff = await ctx.login('13800000003');
    const own = await ctx.call('GET', url, { token: staff, query: { reportType: 'INVOICE' } });
    expect(own.data.list.map((row: { reportId: number }) => row.reportId)).toEqual([reportB]);
    const other = await ctx.call('GET', url, { token: otherMain, query: { reportType: 'INVOICE' } });
    expect(other.data.list.map((row: { reportId: number }) => row.reportId)).toEqual([otherGroupReport]);
    const denied = await createUser(ctx.db, { groupId: 1, level: 3, notMenus: [{ type: 1, permission: 'mindMap' }] });
    expect((await ctx.call('GET', url, { token: await ctx.login(denied.phone) })).status).toBe(403);
  });
});

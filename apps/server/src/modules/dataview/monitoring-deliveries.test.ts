import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.js';
import { answerDataPrice } from '../../plugins/realtime-dataprice.js';
import type { SessionContext } from '../auth/session.service.js';

/**
 * The DATAPRICE answer's dataServerDeliveries (spec §3/§4): up to two services of the
 * DataServerDelivery catalogue (migration 0240) answering the risk lists of the group's unread
 * monitoring events, newest event first.
 */
let ctx: TestContext;
let main: string;
let otherMain: string;
let groupTwoMonitored: number;
let monitored: number;
let serial = 0;

async function catalogueItem(title: string) {
  const { rows } = await sql<{ id: string; title: string; subheading: string }>`
    SELECT id, title, subheading FROM data_server_deliveries WHERE title = ${title}`.execute(ctx.db);
  expect(rows).toHaveLength(1);
  return { id: Number(rows[0]?.id), title: rows[0]?.title, subheading: rows[0]?.subheading };
}

async function addEvent(
  monitoredId: number,
  groupId: number,
  kind: 'lawsuit' | 'abnormal' | 'credit' | 'illegal' | 'invoice',
  riskKind: string | null,
) {
  serial += 1;
  await ctx.db
    .insertInto('monitoring_events')
    .values({
      group_id: groupId,
      monitored_id: monitoredId,
      credit_code: '91110000000000000X',
      company_name: '测试企业',
      kind,
      title: `事件${serial}`,
      source: '测试来源',
      fact_key: `test:${serial}`,
      risk_kind: riskKind,
      // Newest last: created_at orders the events.
      created_at: new Date(Date.UTC(2026, 0, 1, 0, serial)).toISOString(),
    })
    .execute();
}

async function dataPrice(token: string, userId: number): Promise<Record<string, unknown>> {
  const socket = await ctx.app.injectWS(`/webSocket/${userId}`, {
    headers: { 'sec-websocket-protocol': `taxlens, ${token}` },
  });
  const answer = new Promise<Record<string, unknown>>((resolve) =>
    socket.once('message', (data) => resolve(JSON.parse(data.toString()))),
  );
  socket.send(JSON.stringify({ msgType: 'DATAPRICE', userId }));
  const message = await answer;
  socket.terminate();
  return message;
}

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.db.updateTable('groups').set({ data_price_auth: 1, monitor_slots: 5 }).execute();
  main = await ctx.login('13800000001');
  otherMain = await ctx.login('13900000001');
  const add = async (groupId: number) =>
    Number(
      (
        await ctx.db
          .insertInto('monitored_companies')
          .values({ group_id: groupId, credit_code: `9111000000000${groupId}000X`, company_name: '测试企业' })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
  monitored = await add(1);
  groupTwoMonitored = await add(2);
});

afterAll(async () => {
  await ctx?.close();
});

describe('DATAPRICE delivery items', () => {
  const userOne = 1;
  it('carries no item when the unread events answer no service (credit level, invoice report)', async () => {
    await addEvent(monitored, 1, 'credit', null);
    await addEvent(monitored, 1, 'invoice', null);
    const message = await dataPrice(main, userOne);
    expect(message).toMatchObject({ msgType: 'DATAPRICE', state: 3, monitoringNumCovering: 1 });
    expect(message?.dataServerDeliveries).toEqual([]);
  });

  it('gives the catalogue service answering the event’s risk list, newest event first, at most two', async () => {
    await addEvent(monitored, 1, 'abnormal', 'abnormal_operation');
    expect((await dataPrice(main, userOne))?.dataServerDeliveries).toEqual([await catalogueItem('经营异常移出辅导')]);

    // 严重违法失信 and 重大税收违法 are both "illegal" events, answered by different services.
    await addEvent(monitored, 1, 'illegal', 'serious_illegal');
    expect((await dataPrice(main, userOne))?.dataServerDeliveries).toEqual([
      await catalogueItem('行政处罚与严重违法失信应对'),
      await catalogueItem('经营异常移出辅导'),
    ]);
    await addEvent(monitored, 1, 'illegal', 'major_tax_violation');
    await addEvent(monitored, 1, 'illegal', 'major_tax_violation');
    expect((await dataPrice(main, userOne))?.dataServerDeliveries).toEqual([
      await catalogueItem('纳税信用修复'),
      await catalogueItem('行政处罚与严重违法失信应对'),
    ]);
  });

  it('matches an event recorded before the list was stored by its monitored kind', async () => {
    await addEvent(monitored, 1, 'lawsuit', null);
    const items = (await dataPrice(main, userOne))?.dataServerDeliveries as { title: string }[];
    expect(items[0]).toEqual(await catalogueItem('司法风险排查报告'));
  });

  it('reads only the unread events of active services', async () => {
    await ctx.db
      .updateTable('monitoring_events')
      .set({ read_at: new Date().toISOString() })
      .where('group_id', '=', 1)
      .where('kind', 'in', ['lawsuit', 'illegal'])
      .execute();
    const setActive = (active: boolean) =>
      sql`UPDATE data_server_deliveries SET active = ${active} WHERE title = '经营异常移出辅导'`.execute(ctx.db);
    await setActive(false);
    const message = await dataPrice(main, userOne);
    expect(message?.dataServerDeliveries).toEqual([]);
    await setActive(true);
    expect((await dataPrice(main, userOne))?.dataServerDeliveries).toEqual([await catalogueItem('经营异常移出辅导')]);
  });

  it('keeps groups apart and answers nobody without monitoringAnalyze', async () => {
    // Group 2's unread judgment does not reach group 1's message, and group 1's does not reach group 2's.
    await addEvent(groupTwoMonitored, 2, 'lawsuit', 'judgment_document');
    expect((await dataPrice(main, userOne))?.dataServerDeliveries).toEqual([await catalogueItem('经营异常移出辅导')]);
    const groupTwoUser = await ctx.db
      .selectFrom('users')
      .select('id')
      .where('phone', '=', '13900000001')
      .executeTakeFirstOrThrow();
    const other = await dataPrice(otherMain, Number(groupTwoUser.id));
    expect(other).toMatchObject({ monitoringNumCovering: 1 });
    expect(other?.dataServerDeliveries).toEqual([await catalogueItem('司法风险排查报告')]);
    // A member without monitoringAnalyze is answered nothing (the socket then sends no message).
    const session = { groupId: 1, level: 3, notMenus: [{ type: 1, permission: 'monitoringAnalyze' }] };
    expect(await answerDataPrice(ctx.app, session as unknown as SessionContext)).toBeNull();
    expect(await answerDataPrice(ctx.app, { ...session, notMenus: [] } as unknown as SessionContext)).not.toBeNull();
  });
});

import { TOKER_MESSAGES } from '@taxlens/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories.js';
import { createTestContext, type TestContext } from '../../../test/helpers.js';
import { expectLedgerMatches, wallet } from '../billing/test-support.js';
import { staffToken } from '../operator/test-support.js';
import { PLANTED, plantCompanies, TEST_REGION } from './test-support.js';

let ctx: TestContext;
let main: string;
let staff: string;
let otherMain: string;
let ops: string;
let finance: string;
const base = '/api/TokerUserInfo';

const search = (token: string, body: Record<string, unknown>) => ctx.call('POST', `${base}/search`, { token, body });
const setPlan = (body: Record<string, unknown>) =>
  ctx.call('POST', '/api/operator/toker/price', { token: ops, body: { exportLimit: 500, ...body } });
const searchRows = async () =>
  Number((await sql<{ n: string }>`SELECT count(*) AS n FROM toker_searches`.execute(ctx.db)).rows[0]?.n);

beforeAll(async () => {
  ctx = await createTestContext();
  await plantCompanies(ctx.db, ctx.url);
  main = await ctx.login('13800000001');
  staff = await ctx.login('13800000003');
  otherMain = await ctx.login('13900000001');
  ops = (await staffToken(ctx, ['ops'])).token;
  finance = (await staffToken(ctx, ['finance'])).token;
});

afterAll(async () => {
  await ctx?.close();
});

describe('lead search', () => {
  it('refuses a search without any narrowing filter, and changes nothing', async () => {
    for (const body of [{}, { status: 'normal' }, { signals: [] }]) {
      const answer = await search(main, body);
      expect(answer.status).toBe(400);
      expect(answer.msg).toBe(TOKER_MESSAGES.noFilter);
    }
    const badRegion = await search(main, { regionCode: '999999' });
    expect(badRegion.status).toBe(400);
    expect(await searchRows()).toBe(0);
  });

  it('finds the companies of a county, newest first, with their risk signals', async () => {
    const answer = await search(main, { regionCode: TEST_REGION, pageSize: 5 });
    expect(answer.code).toBe(0);
    expect(answer.data.total).toBe(PLANTED.length);
    expect(answer.data.list).toHaveLength(5);
    const dates = answer.data.list.map((row: { establishedOn: string }) => row.establishedOn);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(answer.data.list[0].regionName).toContain('天山区');

    const second = await ctx.call('GET', `${base}/findSearchPage`, {
      token: main,
      query: { searchId: String(answer.data.searchId), page: '3', size: '5' },
    });
    expect(second.data.list).toHaveLength(2);
    const all = [...answer.data.list, ...second.data.list];
    expect(all.every((row: { creditCode: string }) => row.creditCode.startsWith('916501'))).toBe(true);
  });

  it('filters by each risk signal, and by province, industry, size and age together', async () => {
    const signalled = async (signal: string) => {
      const answer = await search(main, { regionCode: TEST_REGION, signals: [signal] });
      return answer.data.list.map((row: { creditCode: string; signals: { key: string; detail: string }[] }) => ({
        code: row.creditCode,
        keys: row.signals.map((item) => item.key),
        detail: row.signals.map((item) => item.detail).join(' '),
      }));
    };
    const code = (index: number) => PLANTED[index]?.code;
    expect(await signalled('abnormal')).toEqual([{ code: code(0), keys: ['abnormal'], detail: '列入日期 2025-10-01' }]);
    const drop = await signalled('creditDrop');
    expect(drop).toEqual([{ code: code(1), keys: ['creditDrop'], detail: '2023年 A 级 → 2024年 未评为 A 级' }]);
    expect((await signalled('illegal')).map((row: { code: string }) => row.code)).toEqual([code(2)]);
    expect(await signalled('changes')).toEqual([{ code: code(3), keys: ['changes'], detail: '近一年变更 2 次' }]);

    // Province 65 (新疆) + industry I + capital 100–500万: planted #1, #5 (#9 is industry F).
    const three = await search(main, { regionCode: '650000', industry: 'I', size: 's2' });
    const codes = three.data.list.map((row: { creditCode: string }) => row.creditCode).sort();
    expect(codes).toEqual([code(1), code(5)].sort());
    // Without a region the whole registry is walked newest first.
    const anywhere = await search(main, { industry: 'F', signals: ['changes'], pageSize: 50 });
    const rows = anywhere.data.list as { creditCode: string; establishedOn: string; signals: { key: string }[] }[];
    expect(rows.map((row) => row.creditCode)).toContain(code(3));
    expect(rows.every((row) => row.signals.some((signal) => signal.key === 'changes'))).toBe(true);
    const months = rows.map((row) => row.establishedOn.slice(0, 7));
    expect(months).toEqual([...months].sort().reverse());
    const young = await search(main, { regionCode: TEST_REGION, age: 'a5' });
    expect(young.data.list.every((row: { establishedOn: string }) => row.establishedOn < '2016-12-01')).toBe(true);
  });
});

describe('metering', () => {
  it('charges the operator price from the balance once per search, pages free, nothing for no result', async () => {
    expect((await setPlan({ chargeMode: 'price', searchPriceFen: 150 })).code).toBe(0);
    const before = (await wallet(ctx.db, 1)).balance;
    const answer = await search(main, { regionCode: TEST_REGION, industry: 'F' });
    expect(answer.data).toMatchObject({ paidWith: 'price', cost: 150, total: 4 });
    expect((await wallet(ctx.db, 1)).balance).toBe(before - 150);
    await ctx.call('GET', `${base}/findSearchPage`, {
      token: main,
      query: { searchId: String(answer.data.searchId), page: '1' },
    });
    const none = await search(main, { regionCode: TEST_REGION, industry: 'A' });
    expect(none.data).toMatchObject({ total: 0, cost: 0, paidWith: 'free' });
    expect((await wallet(ctx.db, 1)).balance).toBe(before - 150);
    const ledger = await ctx.db
      .selectFrom('ledger_entries')
      .select(['delta', 'reason'])
      .where('reason', '=', 'toker_search')
      .execute();
    expect(ledger).toEqual([{ delta: -150, reason: 'toker_search' }]);
    await expectLedgerMatches(ctx.db, 1);

    const detail = await ctx.call('GET', `${base}/findUseDetail`, { token: main });
    const rows = detail.data.list as { summary: string; cost: number; paidWith: string }[];
    expect(rows[0]).toMatchObject({ cost: 0, paidWith: 'free' });
    expect(rows[1]).toMatchObject({ cost: 150, paidWith: 'price' });
    expect(rows[1]?.summary).toContain('批发和零售业');
  });

  it('in credit mode takes one 拓客次数; without any it refuses with 402 and writes nothing', async () => {
    await setPlan({ chargeMode: 'credit', searchPriceFen: 0 });
    const rowsBefore = await searchRows();
    const short = await search(main, { regionCode: TEST_REGION });
    expect(short.status).toBe(402);
    expect(short.msg).toBe(TOKER_MESSAGES.creditsShort);
    expect(await searchRows()).toBe(rowsBefore);
    const granted = await ctx.call('POST', '/api/operator/toker/credits', {
      token: finance,
      body: { phone: '13800000001', delta: 2, reason: '购买拓客套餐' },
    });
    expect(granted.data.tokerCredits).toBe(2);
    const paid = await search(main, { regionCode: TEST_REGION });
    expect(paid.data).toMatchObject({ paidWith: 'credit', cost: 1 });
    const held = await ctx.db.selectFrom('wallets').select('toker_credits').where('user_id', '=', 1).executeTakeFirst();
    expect(held?.toker_credits).toBe(1);
    await expectLedgerMatches(ctx.db, 1);
    await setPlan({ chargeMode: 'price', searchPriceFen: 0 });
  });

  it('enforces the overlay rule: tokerUser 0 and flowTime null or above 48 refuses', async () => {
    const setGroup = (values: { toker_user: number; trial_started_at: Date | null }) =>
      ctx.db.updateTable('groups').set(values).where('id', '=', 1).execute();
    await setGroup({ toker_user: 0, trial_started_at: null });
    const refused = await search(main, { regionCode: TEST_REGION });
    expect(refused.status).toBe(403);
    expect(refused.msg).toBe(TOKER_MESSAGES.noUsageRight);
    await setGroup({ toker_user: 0, trial_started_at: new Date(Date.now() - 47 * 3_600_000) });
    expect((await search(main, { regionCode: TEST_REGION })).code).toBe(0);
    await setGroup({ toker_user: 0, trial_started_at: new Date(Date.now() - 50 * 3_600_000) });
    expect((await search(main, { regionCode: TEST_REGION })).status).toBe(403);
    const config = await ctx.call('GET', `${base}/findTokerConfig`, { token: main });
    expect(config.data.usageRight).toBe(false);
    await setGroup({ toker_user: 1, trial_started_at: null });
  });

  it('lets only operators set the price; a customer gets 403', async () => {
    const customer = await ctx.call('POST', '/api/operator/toker/price', {
      token: main,
      body: { chargeMode: 'price', searchPriceFen: 1, exportLimit: 5 },
    });
    expect(customer.status).toBe(403);
    const read = await ctx.call('GET', '/api/operator/toker/price', { token: finance });
    expect(read.data.default).toMatchObject({ chargeMode: 'price', searchPriceFen: 0, exportLimit: 500 });
  });
});

describe('lists, contact status, assignment and export', () => {
  let listId: number;
  let prospectIds: number[];

  it('saves prospects to a list; an unknown code is refused', async () => {
    const codes = PLANTED.slice(0, 3).map((item) => item.code);
    const unknown = await ctx.call('POST', `${base}/saveList`, {
      token: main,
      body: { name: '乌鲁木齐', creditCodes: [...codes, '91000000MA0000000X'] },
    });
    expect(unknown.status).toBe(400);
    const saved = await ctx.call('POST', `${base}/saveList`, {
      token: main,
      body: { name: '乌鲁木齐', creditCodes: codes },
    });
    expect(saved.data.added).toBe(3);
    listId = saved.data.listId;
    const again = await ctx.call('POST', `${base}/saveList`, { token: main, body: { listId, creditCodes: codes } });
    expect(again.data.added).toBe(0);
    const lists = await ctx.call('GET', `${base}/findListAll`, { token: main });
    expect(lists.data.list[0]).toMatchObject({ id: listId, name: '乌鲁木齐', prospects: 3, contacted: 0 });
    const detail = await ctx.call('GET', `${base}/findListDetail`, { token: main, query: { listId: String(listId) } });
    prospectIds = detail.data.list.map((row: { id: number }) => row.id);
    expect(detail.data.total).toBe(3);
  });

  it('marks contact status and notes, assigns to staff, who sees them on /my/card', async () => {
    const [first, second] = prospectIds as [number, number];
    const marked = await ctx.call('POST', `${base}/updateProspect`, {
      token: main,
      body: { id: first, status: 'interested', note: '老板下周三有空，约面谈' },
    });
    expect(marked.code).toBe(0);
    const assigned = await ctx.call('POST', `${base}/assignProspects`, {
      token: main,
      body: { ids: [first, second], assigneeId: 3 },
    });
    expect(assigned.data.assigned).toBe(2);
    const cards = await ctx.call('GET', `${base}/findMyCards`, { token: staff });
    expect(cards.data.total).toBe(2);
    const card = cards.data.list.find((row: { id: number }) => row.id === first);
    expect(card).toMatchObject({ status: 'interested', note: '老板下周三有空，约面谈', assigneeName: '王员工' });
    // Staff works its cards but cannot open the list it did not make, nor assign.
    expect(
      (await ctx.call('POST', `${base}/updateProspect`, { token: staff, body: { id: second, status: 'contacted' } }))
        .code,
    ).toBe(0);
    const [, , third] = prospectIds as [number, number, number];
    expect(
      (await ctx.call('POST', `${base}/updateProspect`, { token: staff, body: { id: third, status: 'contacted' } }))
        .status,
    ).toBe(404);
    expect(
      (await ctx.call('GET', `${base}/findListDetail`, { token: staff, query: { listId: String(listId) } })).status,
    ).toBe(404);
    expect(
      (await ctx.call('POST', `${base}/assignProspects`, { token: staff, body: { ids: [first], assigneeId: 3 } }))
        .status,
    ).toBe(403);
    const bad = await ctx.call('POST', `${base}/updateProspect`, { token: main, body: { id: first, status: 'maybe' } });
    expect(bad.status).toBe(400);
  });

  it('exports to Excel within the plan limit; above it refuses with the limit', async () => {
    await setPlan({ chargeMode: 'price', searchPriceFen: 0, exportLimit: 2 });
    const over = await ctx.call('GET', `${base}/exportList`, { token: main, query: { listId: String(listId) } });
    expect(over.status).toBe(400);
    expect(over.msg).toBe(TOKER_MESSAGES.exportOverLimit(2));
    await setPlan({ chargeMode: 'price', searchPriceFen: 0, exportLimit: 500 });
    const file = await ctx.call('GET', `${base}/exportList`, { token: main, query: { listId: String(listId) } });
    expect(file.status).toBe(200);
    const ExcelJS = (await import('exceljs')).default;
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.raw.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    expect(sheet.rowCount).toBe(4);
    const cells = (sheet.getRow(1).values as string[]).filter(Boolean);
    expect(cells).toContain('跟进状态');
    const texts = [2, 3, 4].map((row) => (sheet.getRow(row).values as unknown[]).join('|'));
    expect(texts.some((text) => text.includes('有意向') && text.includes('老板下周三有空'))).toBe(true);
    const usage = await ctx.call('GET', `${base}/findUseDetail`, { token: main });
    expect(usage.data.list[0]).toMatchObject({ kind: 'export', total: 3, cost: 0 });
  });

  it('answers 404 to another group for every list, prospect and search call', async () => {
    const [first] = prospectIds as [number];
    const mine = await search(main, { regionCode: TEST_REGION });
    const calls = [
      ctx.call('GET', `${base}/findListDetail`, { token: otherMain, query: { listId: String(listId) } }),
      ctx.call('GET', `${base}/exportList`, { token: otherMain, query: { listId: String(listId) } }),
      ctx.call('POST', `${base}/updateProspect`, { token: otherMain, body: { id: first, note: 'x' } }),
      ctx.call('POST', `${base}/assignProspects`, { token: otherMain, body: { ids: [first], assigneeId: 4 } }),
      ctx.call('POST', `${base}/deleteList`, { token: otherMain, body: { id: listId } }),
      ctx.call('POST', `${base}/saveList`, { token: otherMain, body: { listId, creditCodes: [PLANTED[5]?.code] } }),
      ctx.call('GET', `${base}/findSearchPage`, { token: otherMain, query: { searchId: String(mine.data.searchId) } }),
      // Assigning to a member of another group.
      ctx.call('POST', `${base}/assignProspects`, { token: main, body: { ids: [first], assigneeId: 4 } }),
    ];
    for (const answer of await Promise.all(calls)) expect(answer.status).toBe(404);
    const theirs = await ctx.call('GET', `${base}/findListAll`, { token: otherMain });
    expect(theirs.data.total).toBe(0);
  });

  it('answers 403 without zntk, tk or useDetail', async () => {
    const deny = async (permission: string) => {
      const user = await createUser(ctx.db, { groupId: 1, level: 2, notMenus: [{ type: 0, permission } as never] });
      return ctx.login(user.phone);
    };
    const noZntk = await deny('zntk');
    expect((await search(noZntk, { regionCode: TEST_REGION })).status).toBe(403);
    expect((await ctx.call('GET', `${base}/findTokerConfig`, { token: noZntk })).status).toBe(403);
    const noTk = await deny('tk');
    expect((await ctx.call('GET', `${base}/findListAll`, { token: noTk })).status).toBe(403);
    expect((await ctx.call('GET', `${base}/findMyCards`, { token: noTk })).status).toBe(403);
    expect(
      (await ctx.call('GET', `${base}/exportList`, { token: noTk, query: { listId: String(listId) } })).status,
    ).toBe(403);
    const noDetail = await deny('useDetail');
    expect((await ctx.call('GET', `${base}/findUseDetail`, { token: noDetail })).status).toBe(403);
  });

  it('deletes a list', async () => {
    expect((await ctx.call('POST', `${base}/deleteList`, { token: main, body: { id: listId } })).code).toBe(0);
    expect(
      (await ctx.call('GET', `${base}/findListDetail`, { token: main, query: { listId: String(listId) } })).status,
    ).toBe(404);
  });
});

import { generateKeyPairSync, type KeyObject, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGroup, createUser } from '../../../test/factories.js';
import { createTestContext, type TestContext } from '../../../test/helpers.js';
import { loadConfig } from '../../config.js';
import { decodePlain, encodePlain, signPlain, verifyPlain } from './bank-online.gateway.js';
import { bankGatewayFromConfig } from './spdb.routes.js';
import { expectLedgerMatches, wallet } from './test-support.js';

const pem = (key: KeyObject, type: 'pkcs8' | 'spki') => key.export({ format: 'pem', type }).toString();
const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
const bank = generateKeyPairSync('rsa', { modulusLength: 2048 });

/**
 * A local stand-in for the bank's B2C gateway, built from its published description: the payer's
 * browser posts transName, Plain and Signature; the bank checks the merchant's signature against
 * the merchant certificate it holds, takes the payment, and posts the result to MercUrl signed
 * with its own key (RespCode 00 = paid, AcqSsn = its serial). It answers 400 on a bad signature.
 */
function fakeBank(sent: Record<string, string>[]) {
  return createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk) => {
      raw += chunk;
    });
    request.on('end', async () => {
      const form = new URLSearchParams(raw);
      const plain = form.get('Plain') ?? '';
      if (request.url !== '/payment/main' || form.get('transName') !== 'IPER') {
        response.writeHead(404).end();
        return;
      }
      if (!verifyPlain(merchant.publicKey, plain, form.get('Signature') ?? '')) {
        response.writeHead(400, { 'content-type': 'text/plain' }).end('merchant signature invalid');
        return;
      }
      const fields = decodePlain(plain);
      const result = encodePlain([
        ['TranAbbr', 'IPER'],
        ['AcqSsn', randomBytes(6).toString('hex')],
        ['MercDtTm', fields.get('MercDtTm') ?? ''],
        ['TermSsn', fields.get('TermSsn') ?? ''],
        ['RespCode', '00'],
        ['MercCode', fields.get('MercCode') ?? ''],
        ['TranAmt', fields.get('TranAmt') ?? ''],
        ['SettDate', '20261125'],
      ]);
      const notice = { transName: 'IPER', Plain: result, Signature: signPlain(bank.privateKey, result) };
      sent.push(notice);
      const answer = await fetch(fields.get('MercUrl') ?? '', { method: 'POST', body: new URLSearchParams(notice) });
      response.writeHead(200, { 'content-type': 'text/plain' }).end(`merchant answered ${answer.status}`);
    });
  });
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

const sent: Record<string, string>[] = [];
let bankServer: Server;
let bankUrl: string;
let ctx: TestContext;
let plain: TestContext;
let env: Record<string, string>;

beforeAll(async () => {
  bankServer = fakeBank(sent);
  await new Promise<void>((resolve) => bankServer.listen(0, '127.0.0.1', resolve));
  bankUrl = `http://127.0.0.1:${(bankServer.address() as AddressInfo).port}`;
  const port = await freePort();
  env = {
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    BANK_GATEWAY_MODE: 'test',
    BANK_GATEWAY_TEST_URL: `${bankUrl}/payment/main`,
    BANK_GATEWAY_PROD_URL: 'https://bank.example.com/payment/main',
    BANK_GATEWAY_MERCHANT_ID: '310000000012345',
    BANK_GATEWAY_MERCHANT_KEY: pem(merchant.privateKey, 'pkcs8').replace(/\n/g, '\\n'),
    BANK_GATEWAY_BANK_KEY: pem(bank.publicKey, 'spki'),
  };
  ctx = await createTestContext({ env });
  await ctx.app.listen({ port, host: '127.0.0.1' });
  plain = await createTestContext();
});

afterAll(async () => {
  await Promise.all([ctx?.close(), plain?.close()]);
  await new Promise((resolve) => bankServer?.close(resolve));
});

/** A main account of a new group, signed in. */
async function mainAccount(context: TestContext) {
  const user = await createUser(context.db, { groupId: await createGroup(context.db) });
  return { ...user, token: await context.login(user.phone) };
}

async function bankOrder(token: string, amountFen = 500_000) {
  const answer = await ctx.call('POST', '/api/Order/unifiedOrder', {
    token,
    body: { amountFen, payMethod: 'bank_online' },
  });
  expect(answer.code, answer.msg).toBe(0);
  return answer.data as {
    orderId: number;
    orderNo: string;
    bankForm: { action: string; fields: Record<string, string> };
  };
}

/** What the payer's browser does with the form: post it to the bank. */
const postToBank = (form: { action: string; fields: Record<string, string> }) =>
  fetch(form.action, { method: 'POST', body: new URLSearchParams(form.fields) });

const signedNotice = (fields: [string, string][]) => {
  const result = encodePlain(fields);
  return { transName: 'IPER', Plain: result, Signature: signPlain(bank.privateKey, result) };
};

describe('/api/spdb (网银支付)', () => {
  it('bankInfo says which bank environment is configured; without configuration, what is offered instead', async () => {
    const user = await mainAccount(ctx);
    const info = await ctx.call('GET', '/api/spdb/bankInfo', { token: user.token });
    expect(info.data).toMatchObject({
      configured: true,
      mode: 'test',
      formUrl: `${bankUrl}/payment/main`,
      merchantId: '***********2345',
      bankName: '上海浦东发展银行',
    });
    expect(info.data.offered).toEqual(['sandbox', 'bank_online', 'bank_transfer']);
    const rights = await ctx.call('GET', '/api/Order/findtopUpRights', { token: user.token });
    expect(rights.data.payMethods.map((item: { method: string }) => item.method)).toContain('bank_online');

    const other = await mainAccount(plain);
    const off = await plain.call('GET', '/api/spdb/bankInfo', { token: other.token });
    expect(off.data).toMatchObject({
      configured: false,
      mode: null,
      formUrl: null,
      offered: ['sandbox', 'bank_transfer'],
    });
    const refused = await plain.call('POST', '/api/Order/unifiedOrder', {
      token: other.token,
      body: { amountFen: 10_000, payMethod: 'bank_online' },
    });
    expect(refused.status).toBe(400);
    const wbzf = await plain.call('POST', '/api/spdb/wbzf', { token: other.token, body: { orderId: 1 } });
    expect([wbzf.status, wbzf.msg]).toEqual([404, '网银支付未开通，请选择其他支付方式']);
  });

  it('the pages may post forms to the configured bank gateway, and only there besides ourselves', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    const policy = String(page.headers['content-security-policy']);
    expect(policy).toContain(`form-action 'self' ${bankUrl};`);
    const off = await plain.app.inject({ method: 'GET', url: '/api/health' });
    expect(String(off.headers['content-security-policy'])).toContain("form-action 'self';");
  });

  it('the production mode posts to the production form url', () => {
    const gateway = bankGatewayFromConfig(loadConfig({ ...env, BANK_GATEWAY_MODE: 'production' }));
    expect(gateway?.settings).toMatchObject({ mode: 'production', formUrl: 'https://bank.example.com/payment/main' });
    expect(() => loadConfig({ BANK_GATEWAY_MERCHANT_ID: '3100' })).toThrow(/BANK_GATEWAY_MERCHANT_KEY/);
  });

  it('an order paid at the bank is credited once from the bank-signed notification', async () => {
    const user = await mainAccount(ctx);
    const order = await bankOrder(user.token, 500_000);
    expect(order.bankForm.action).toBe(`${bankUrl}/payment/main`);
    const fields = decodePlain(order.bankForm.fields.Plain ?? '');
    expect(Object.fromEntries(fields)).toMatchObject({
      TermSsn: order.orderNo,
      TranAmt: '5000.00',
      MercCode: '310000000012345',
      MercUrl: `${env.PUBLIC_URL}/api/spdb/notify`,
    });
    // wbzf answers the same signed form again while the order waits.
    const again = await ctx.call('POST', '/api/spdb/wbzf', { token: user.token, body: { orderId: order.orderId } });
    expect(again.data.bankForm.fields.Plain).toContain(`TermSsn=${order.orderNo}`);

    const paid = await postToBank(order.bankForm);
    expect(await paid.text()).toBe('merchant answered 200');
    expect((await wallet(ctx.db, user.id)).balance).toBe(500_000);
    const state = await ctx.call('GET', '/api/Order/findPayState', {
      token: user.token,
      query: { orderId: String(order.orderId) },
    });
    expect(state.data.state).toBe('paid');

    // The bank retries its notification: answered, nothing credited twice.
    const replay = await ctx.call('POST', '/api/spdb/notify', { body: sent.at(-1) });
    expect([replay.status, replay.data.outcome]).toEqual([200, 'duplicate']);
    expect((await wallet(ctx.db, user.id)).balance).toBe(500_000);
    await expectLedgerMatches(ctx.db, user.id);
    const closed = await ctx.call('POST', '/api/spdb/wbzf', { token: user.token, body: { orderId: order.orderId } });
    expect(closed.status).toBe(409);
  });

  it('a form whose signature was not ours is refused by the bank (the contract the fake checks)', async () => {
    const user = await mainAccount(ctx);
    const order = await bankOrder(user.token);
    const tampered = {
      ...order.bankForm.fields,
      Plain: String(order.bankForm.fields.Plain).replace(/TranAmt=[^|]+/, 'TranAmt=0.01'),
    };
    const answer = await postToBank({ action: order.bankForm.action, fields: tampered });
    expect(answer.status).toBe(400);
    expect((await wallet(ctx.db, user.id)).balance).toBe(0);
  });

  it('unsigned, tampered, declined or foreign notifications credit nothing', async () => {
    const user = await mainAccount(ctx);
    const order = await bankOrder(user.token, 20_000);
    const fields: [string, string][] = [
      ['TranAbbr', 'IPER'],
      ['AcqSsn', 'A1B2C3'],
      ['TermSsn', order.orderNo],
      ['RespCode', '00'],
      ['MercCode', '310000000012345'],
      ['TranAmt', '200.00'],
    ];
    const good = signedNotice(fields);
    const unsigned = await ctx.call('POST', '/api/spdb/notify', { body: { transName: 'IPER', Plain: good.Plain } });
    expect([unsigned.status, unsigned.msg]).toEqual([400, '通知格式不正确']);
    const tampered = await ctx.call('POST', '/api/spdb/notify', {
      body: { ...good, Plain: good.Plain.replace('TranAmt=200.00', 'TranAmt=20000.00') },
    });
    expect([tampered.status, tampered.msg]).toEqual([400, '签名校验失败']);
    const declined = signedNotice(fields.map(([name, value]) => [name, name === 'RespCode' ? '51' : value]));
    expect((await ctx.call('POST', '/api/spdb/notify', { body: declined })).msg).toBe('银行未确认支付成功，未入账');
    const otherMerchant = signedNotice(fields.map(([name, value]) => [name, name === 'MercCode' ? '999' : value]));
    expect((await ctx.call('POST', '/api/spdb/notify', { body: otherMerchant })).status).toBe(400);
    const wrongAmount = signedNotice(fields.map(([name, value]) => [name, name === 'TranAmt' ? '199.99' : value]));
    expect((await ctx.call('POST', '/api/spdb/notify', { body: wrongAmount })).msg).toBe(
      '支付金额与订单金额不符，未入账',
    );
    expect((await wallet(ctx.db, user.id)).balance).toBe(0);

    // The payer's browser coming back with the signed result lands on the order's result page.
    const back = await ctx.app.inject({
      method: 'POST',
      url: '/api/spdb/notify',
      headers: { accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(good).toString(),
    });
    expect([back.statusCode, back.headers.location]).toEqual([303, `/pay?orderId=${order.orderId}`]);
    expect((await wallet(ctx.db, user.id)).balance).toBe(20_000);
    // The log keeps what the bank signed (Plain) and its signature, not the unsigned form fields.
    const logged = await ctx.db
      .selectFrom('payment_notifications')
      .select('payload')
      .where('order_no', '=', order.orderNo)
      .where('outcome', '=', 'credited')
      .executeTakeFirstOrThrow();
    const payload = typeof logged.payload === 'string' ? JSON.parse(logged.payload) : logged.payload;
    expect(payload).toEqual({ Plain: good.Plain, Signature: good.Signature });
  });

  it('wbzf needs the pay right and one’s own order (403, 404)', async () => {
    const owner = await mainAccount(ctx);
    const order = await bankOrder(owner.token);
    const groupId = Number(
      (await ctx.db.selectFrom('users').select('group_id').where('id', '=', owner.id).executeTakeFirstOrThrow())
        .group_id,
    );
    const staff = await createUser(ctx.db, { groupId, level: 3, notMenus: [{ type: 1, permission: 'pay' }] });
    const denied = await ctx.call('POST', '/api/spdb/wbzf', {
      token: await ctx.login(staff.phone),
      body: { orderId: order.orderId },
    });
    expect(denied.status).toBe(403);
    const stranger = await mainAccount(ctx);
    const foreign = await ctx.call('POST', '/api/spdb/wbzf', {
      token: stranger.token,
      body: { orderId: order.orderId },
    });
    expect(foreign.status).toBe(404);
    const bad = await ctx.call('POST', '/api/spdb/wbzf', { token: owner.token, body: { orderId: 'x' } });
    expect(bad.status).toBe(400);
  });
});

import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.js';
import { loadConfig } from '../../config.js';

const SECRET = 'sms-gateway-test-secret';
let ctx: TestContext;
let gateway: Server;
let answerStatus = 200;
const received: { body: string; signature: string | undefined }[] = [];

beforeAll(async () => {
  gateway = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      received.push({ body, signature: request.headers['x-taxlens-signature']?.toString() });
      response.writeHead(answerStatus).end();
    });
  });
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
  const { port } = gateway.address() as AddressInfo;
  ctx = await createTestContext({
    env: { SMS_PROVIDER: 'webhook', SMS_WEBHOOK_URL: `http://127.0.0.1:${port}/send`, SMS_WEBHOOK_SECRET: SECRET },
  });
});
afterAll(async () => {
  await ctx.close();
  await new Promise((resolve) => gateway.close(resolve));
});

describe('SMS through an HTTP gateway (SMS_PROVIDER=webhook)', () => {
  it('posts the code as signed JSON, writes no outbox row, and the code signs in', async () => {
    const phone = '13800000002';
    expect((await ctx.call('POST', '/api/userInfo/getCode', { body: { phone, type: 2 } })).code).toBe(0);
    const sent = received.at(-1);
    expect(sent?.signature).toBe(
      `sha256=${createHmac('sha256', SECRET)
        .update(sent?.body ?? '')
        .digest('hex')}`,
    );
    const message = JSON.parse(sent?.body ?? '{}') as { phone: string; content: string };
    expect(message.phone).toBe(phone);
    const code = /(\d{6})/.exec(message.content)?.[1];
    expect(code).toBeDefined();
    const outbox = await ctx.db.selectFrom('sms_outbox').select('id').where('phone', '=', phone).execute();
    expect(outbox).toEqual([]);
    const login = await ctx.call('POST', '/api/userInfo/login', { body: { phone, code } });
    expect(login.code).toBe(0);
  });

  it('a gateway failure answers 短信发送失败 and stores no code, so the user can ask again at once', async () => {
    const phone = '13800000003';
    answerStatus = 500;
    const failed = await ctx.call('POST', '/api/userInfo/getCode', { body: { phone, type: 2 } });
    expect([failed.status, failed.msg]).toEqual([502, '短信发送失败，请稍后重试']);
    const codes = await ctx.db.selectFrom('sms_codes').select('id').where('phone', '=', phone).execute();
    expect(codes).toEqual([]);
    answerStatus = 200;
    expect((await ctx.call('POST', '/api/userInfo/getCode', { body: { phone, type: 2 } })).code).toBe(0);
  });

  it('refuses to start as webhook without its address and secret', () => {
    expect(() => loadConfig({ SMS_PROVIDER: 'webhook' })).toThrow(/SMS_WEBHOOK_URL/);
  });
});

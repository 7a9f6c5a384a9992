import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { createTestContext, type TestContext } from '../../../test/helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** Collects the socket's messages of one type until one arrives or the time is up. */
function next(socket: WebSocket, msgType: string, timeoutMs = 5000): Promise<Record<string, unknown> | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), timeoutMs);
    const onMessage = (data: Buffer) => {
      const message = JSON.parse(data.toString()) as Record<string, unknown>;
      if (message.msgType !== msgType) return;
      clearTimeout(timer);
      socket.off('message', onMessage);
      resolve(message);
    };
    socket.on('message', onMessage);
  });
}

describe('client upload notification', () => {
  it('the link’s creator hears when the client fills in its company through a 客户上传链接', async () => {
    const staffToken = await ctx.login('13800000003');
    const created = await ctx.call('POST', '/api/userInfo/generateQrCode', { token: staffToken, body: {} });
    expect(created.code, created.msg).toBe(0);
    const linkToken = new URL(created.data.url).searchParams.get('token') as string;
    const socket = await ctx.app.injectWS('/webSocket/3', {
      headers: { 'sec-websocket-protocol': `taxlens, ${staffToken}` },
    });
    const heard = next(socket, 'CLIENT_UPLOAD');
    const bound = await ctx.call('POST', '/api/CsbFirmCertification/tkBindFirm', {
      body: {
        token: linkToken,
        taxpayerName: '通知测试有限公司',
        taxNo: '91110000300000001X',
        contactName: '客户',
        contactPhone: '13612345678',
      },
    });
    expect(bound.code, bound.msg).toBe(0);
    expect(await heard).toMatchObject({
      msgType: 'CLIENT_UPLOAD',
      state: 'bound',
      taxpayerName: '通知测试有限公司',
      firmId: bound.data.firmId,
    });
    socket.terminate();
  });
});

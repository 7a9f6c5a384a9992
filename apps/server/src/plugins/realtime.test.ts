import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type WebSocket, WebSocket as WebSocketClient } from 'ws';
import { createTestContext, type TestContext } from '../../test/helpers.js';
import { publishEvent } from './realtime.js';

let ctx: TestContext;
let token: string;
beforeAll(async () => {
  ctx = await createTestContext();
  token = await ctx.login('13800000001');
});
afterAll(() => ctx.close());

function nextMessage(socket: WebSocket, timeoutMs = 3000): Promise<Record<string, unknown> | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), timeoutMs);
    socket.once('message', (data) => {
      clearTimeout(timer);
      resolve(JSON.parse(data.toString()));
    });
  });
}

/** Opens a socket as the browser does: the token offered as the second subprotocol, not in the URL. */
function openSocket(app: Pick<TestContext['app'], 'injectWS'>, path: string, as = token) {
  return app.injectWS(path, { headers: { 'sec-websocket-protocol': `taxlens, ${as}` } });
}

describe('realtime socket', () => {
  it('refuses a socket without a valid token', async () => {
    await expect(openSocket(ctx.app, '/webSocket/1', 'wrong')).rejects.toThrow();
  });

  it('never takes the token from the URL; over a real connection it answers only the protocol name', async () => {
    await expect(ctx.app.injectWS(`/webSocket/1?token=${token}`)).rejects.toThrow();
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    // A browser fails a socket whose answer names no protocol it offered: check what a real client sees.
    const socket = new WebSocketClient(`${address.replace('http', 'ws')}/webSocket/1`, ['taxlens', token]);
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    expect(socket.protocol).toBe('taxlens');
    socket.send('heartbeat');
    expect(await nextMessage(socket)).toEqual({ msgType: 'HEARTBEAT' });
    socket.terminate();
  });

  it('closes a socket opened for another user’s id', async () => {
    const socket = await openSocket(ctx.app, '/webSocket/2');
    const code = await new Promise<number>((resolve) => socket.once('close', resolve));
    expect(code).toBe(4403);
  });

  it('answers heartbeats and delivers events committed for the user, not rolled-back ones', async () => {
    const socket = await openSocket(ctx.app, '/webSocket/1');
    socket.send('heartbeat');
    expect(await nextMessage(socket)).toEqual({ msgType: 'HEARTBEAT' });

    const received = nextMessage(socket);
    await ctx.db
      .transaction()
      .execute(async (tx) => {
        await publishEvent(tx, { userIds: [1] }, { msgType: 'TEST', n: 1 });
        throw new Error('roll back');
      })
      .catch(() => {});
    await publishEvent(ctx.db, { userIds: [2] }, { msgType: 'TEST', n: 2 });
    await publishEvent(ctx.db, { groupId: 1 }, { msgType: 'TEST', n: 3 });
    expect(await received).toEqual({ msgType: 'TEST', n: 3 });
    socket.terminate();
  });

  it('reaches a socket on another API instance through LISTEN/NOTIFY', async () => {
    {
      // Same database as ctx: a second app instance built on ctx's database URL.
      const { buildApp } = await import('../app.js');
      const second = await buildApp({
        config: ctx.app.config,
        db: ctx.db,
        boss: ctx.app.boss,
        databaseUrl: ctx.url,
        storage: ctx.app.storage,
      });
      await second.ready();
      const socket = await openSocket(second, '/webSocket/1');
      const received = nextMessage(socket);
      await publishEvent(ctx.db, { userIds: [1] }, { msgType: 'CROSS' });
      expect(await received).toEqual({ msgType: 'CROSS' });
      socket.terminate();
      await second.close();
    }
  });
});

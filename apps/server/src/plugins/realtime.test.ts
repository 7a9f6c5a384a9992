import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
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

describe('realtime socket', () => {
  it('refuses a socket without a valid token', async () => {
    await expect(ctx.app.injectWS('/webSocket/1?token=wrong')).rejects.toThrow();
  });

  it('closes a socket opened for another user’s id', async () => {
    const socket = await ctx.app.injectWS(`/webSocket/2?token=${token}`);
    const code = await new Promise<number>((resolve) => socket.once('close', resolve));
    expect(code).toBe(4403);
  });

  it('answers heartbeats and delivers events committed for the user, not rolled-back ones', async () => {
    const socket = await ctx.app.injectWS(`/webSocket/1?token=${token}`);
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
      const socket = await second.injectWS(`/webSocket/1?token=${token}`);
      const received = nextMessage(socket);
      await publishEvent(ctx.db, { userIds: [1] }, { msgType: 'CROSS' });
      expect(await received).toEqual({ msgType: 'CROSS' });
      socket.terminate();
      await second.close();
    }
  });
});

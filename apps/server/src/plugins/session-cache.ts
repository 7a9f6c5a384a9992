import type { FastifyInstance, onSendHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import { listen } from '../db/listen.js';
import { ListCache } from '../lib/list-cache.js';
import { SessionBus } from '../modules/auth/session-bus.js';
import { SESSION_CHANGES_CHANNEL, SessionCache } from '../modules/auth/session-cache.js';

declare module 'fastify' {
  interface FastifyInstance {
    sessionCache: SessionCache;
    sessionBus: SessionBus;
    /** findFirmList's answers (lib/list-cache.ts), kept exact by the same listener and barrier. */
    listCache: ListCache;
  }
}

const HEARTBEAT_MS = 10_000;

/**
 * The in-memory session and list caches of this instance (issue 21), and the connection that
 * hears, from migrations 0310's and 0350's triggers and from the other instances
 * (session-bus.ts), what changed.
 */
export const sessionCachePlugin = fp(
  async (app: FastifyInstance, options: { databaseUrl: string; lifeSeconds: number; listLifeSeconds: number }) => {
    const cache = new SessionCache(options.lifeSeconds * 1000);
    const lists = new ListCache(options.listLifeSeconds * 1000);
    const notify = (payload: string) => sql`SELECT pg_notify(${SESSION_CHANGES_CHANNEL}, ${payload})`.execute(app.db);
    const bus = new SessionBus([cache, lists], notify);
    app.decorate('sessionCache', cache);
    app.decorate('sessionBus', bus);
    app.decorate('listCache', lists);
    if (options.lifeSeconds <= 0 && options.listLifeSeconds <= 0) return;
    const listener = await listen(app.log, options.databaseUrl, SESSION_CHANGES_CHANNEL, {
      onPayload: (payload) => bus.receive(payload),
      onConnected: () => bus.connected(),
      onLost: () => bus.lost(),
    });
    const heartbeat = setInterval(() => bus.heartbeat(), HEARTBEAT_MS).unref();
    app.addHook('onClose', async () => {
      clearInterval(heartbeat);
      await bus.close();
      await listener.close();
    });
    // A change request answers only once every instance has heard what it committed (a logout
    // on A: the token is refused on B); the caller's own entries here go at once in any case.
    const afterChange: onSendHookHandler = async (request, _reply, payload) => {
      if (request.session) cache.dropUser(request.session.userId);
      await bus.sync();
      return payload;
    };
    app.addHook('onRoute', (route) => {
      const methods = [route.method].flat();
      if (methods.every((method) => method === 'GET' || method === 'HEAD')) return;
      route.onSend = [...[route.onSend ?? []].flat(), afterChange];
    });
  },
  { name: 'session-cache' },
);

import type { FastifyInstance, onSendHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import { listen } from '../db/listen.js';
import { SessionBus } from '../modules/auth/session-bus.js';
import { SESSION_CHANGES_CHANNEL, SessionCache } from '../modules/auth/session-cache.js';

declare module 'fastify' {
  interface FastifyInstance {
    sessionCache: SessionCache;
    sessionBus: SessionBus;
  }
}

const HEARTBEAT_MS = 10_000;

/**
 * The in-memory session cache of this instance (issue 21), and the connection that hears, from
 * migration 0310's triggers and from the other instances (session-bus.ts), what changed.
 */
export const sessionCachePlugin = fp(
  async (app: FastifyInstance, options: { databaseUrl: string; lifeSeconds: number }) => {
    const cache = new SessionCache(options.lifeSeconds * 1000);
    const notify = (payload: string) => sql`SELECT pg_notify(${SESSION_CHANGES_CHANNEL}, ${payload})`.execute(app.db);
    const bus = new SessionBus(cache, notify);
    app.decorate('sessionCache', cache);
    app.decorate('sessionBus', bus);
    if (options.lifeSeconds <= 0) return;
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

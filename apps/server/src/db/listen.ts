import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { reconnectWithBackoff } from '../plugins/realtime-reconnect.js';

export interface ListenHandlers {
  onPayload(payload: string): void;
  /** The connection is up and listening (at start and after each reconnect). */
  onConnected?(): void;
  /** The connection was lost: notifications may be missed until onConnected. */
  onLost?(): void;
}

/**
 * A dedicated connection that LISTENs on one channel, reconnecting with a capped backoff after
 * errors (the realtime event bus, the session cache's invalidations).
 */
export async function listen(log: FastifyBaseLogger, databaseUrl: string, channel: string, handlers: ListenHandlers) {
  let client: pg.Client | null = null;
  let closed = false;
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: databaseUrl });
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload) handlers.onPayload(message.payload);
    });
    next.on('error', (error) => {
      // Only the live connection starts a reconnect; a failed attempt is retried by its own catch.
      if (client !== next) return;
      log.warn({ err: error, channel }, 'database listener lost its connection; reconnecting');
      client = null;
      handlers.onLost?.();
      next.end().catch(() => {});
      if (!closed) reconnectWithBackoff(connect, { isClosed: () => closed, onFailure: logFailure });
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
    } catch (error) {
      await next.end().catch(() => {});
      throw error;
    }
    if (closed) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    handlers.onConnected?.();
  };
  const logFailure = (error: unknown, attempt: number) =>
    log.warn({ err: error, attempt, channel }, 'database listener could not reconnect; retrying');
  await connect();
  return {
    async close() {
      closed = true;
      handlers.onLost?.();
      await client?.end().catch(() => {});
    },
  };
}

import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import pino from 'pino';
import type { Config } from '../config.js';
import { serializeRequest } from './log-redact.js';

/** Lines wait at most this long in the buffer when traffic is too light to fill it. */
const FLUSH_INTERVAL_MS = 1000;

/**
 * The server log: pino JSON lines written asynchronously in chunks of at least 4 KiB (or every
 * second), instead of one blocking stdout write per line; pino flushes the rest on exit. Under
 * load the default logger's writes took about a tenth of the server's CPU.
 */
export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  const stream = pino.destination({ dest: 1, sync: false, minLength: 4096 });
  setInterval(() => {
    try {
      stream.flush();
    } catch {
      // Closed at shutdown or not writable: the next line reports it through pino.
    }
  }, FLUSH_INTERVAL_MS).unref();
  return {
    level: config.NODE_ENV === 'test' ? 'error' : config.LOG_LEVEL,
    stream,
    // No token (session, share link, print, cashier) reaches the log through a URL.
    serializers: { req: serializeRequest },
  };
}

/**
 * One structured line per request, when it is answered: method, url, remote address, status and
 * time (a WebSocket: one line when it opens). Fastify's own request logging writes two (received, completed) with the same content.
 */
export function logRequests(app: FastifyInstance): void {
  // A WebSocket upgrade is hijacked by the socket and never answered, so it is logged when it arrives.
  app.addHook('onRequest', (request, _reply, done) => {
    if (request.headers.upgrade?.toLowerCase() === 'websocket') request.log.info({ req: request }, 'websocket upgrade');
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
    done();
  });
}

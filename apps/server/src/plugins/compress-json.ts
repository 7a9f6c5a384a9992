import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import {
  COMPRESS_MIN_BYTES,
  type ContentEncoding,
  compressAsync,
  compressSync,
  negotiateEncoding,
} from '../lib/json-body.js';

/** Above this an answer is compressed on the thread pool, so one large answer does not stall the others. */
const ASYNC_FROM_BYTES = 64 * 1024;

/** Adds accept-encoding to Vary, keeping what another hook put there. */
function varyOnEncoding(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  const names = vary === undefined ? [] : String(vary).split(',');
  if (names.some((name) => name.trim().toLowerCase() === 'accept-encoding')) return;
  reply.header('vary', [...names.map((name) => name.trim()), 'accept-encoding'].filter(Boolean).join(', '));
}

/**
 * JSON answers of 1 400 bytes or more (COMPRESS_MIN_BYTES) are compressed as the client accepts (brotli, else gzip; issue 21):
 * browsers always offer both, and a page of rows shrinks five- to tenfold on the wire. Files,
 * streams and answers already encoded (the kept company lists, lib/json-body.ts) are left alone.
 * Each such answer costs its compression (brotli 1: about 15 µs for 10 KB); bench/login-info.ts
 * prints findFirmList with the list cache off, which pays it on every request.
 */
export const compressJsonPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onSend', async (request, reply, payload) => {
      if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
      if (reply.getHeader('content-encoding') !== undefined || reply.statusCode === 204 || reply.statusCode === 304) {
        return payload;
      }
      if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return payload;
      const size = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length;
      if (size < COMPRESS_MIN_BYTES) return payload;
      varyOnEncoding(reply);
      const encoding: ContentEncoding | null = negotiateEncoding(request.headers['accept-encoding']);
      if (!encoding) return payload;
      const bytes = typeof payload === 'string' ? Buffer.from(payload) : payload;
      reply.header('content-encoding', encoding).removeHeader('content-length');
      return bytes.length >= ASYNC_FROM_BYTES ? compressAsync(bytes, encoding) : compressSync(bytes, encoding, 'once');
    });
  },
  { name: 'compress-json' },
);

import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { ERRORS } from '@taxlens/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Serves the built web client on the same port. Unknown /api paths answer a 404 envelope;
 * any other unknown path gets index.html so the client router can show its page (or /404).
 */
export const webPlugin = fp(
  async (app: FastifyInstance) => {
    const root = app.config.webDistDir;
    const hasClient = existsSync(path.join(root, 'index.html'));
    if (hasClient) {
      await app.register(fastifyStatic, {
        root,
        wildcard: false,
        index: false,
        // The build writes .br and .gz beside each text file (apps/web/build/precompress.ts); the
        // plugin picks one by Accept-Encoding and adds Vary, so nothing is compressed per request.
        preCompressed: true,
        cacheControl: false,
        setHeaders: (reply, filePath) => {
          reply.header('cache-control', cacheControlFor(root, filePath));
        },
      });
    } else {
      app.log.warn(`web client not built at ${root}; run "npm run build" to serve it`);
    }
    app.setNotFoundHandler((request, reply) => {
      const url = request.url;
      // A missing built asset is a 404, never index.html: a stale page must not load HTML as script.
      const isAsset = url.startsWith('/assets/');
      if (
        url.startsWith('/api/') ||
        url.startsWith('/webSocket') ||
        isAsset ||
        !hasClient ||
        request.method !== 'GET'
      ) {
        return reply.status(404).send({ code: ERRORS.NOT_FOUND.code, msg: '接口不存在', data: null });
      }
      return reply.sendFile('index.html');
    });
  },
  { name: 'web', dependencies: ['db'] },
);

/** A year, in seconds: the longest lifetime caches honour. */
const YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * Files under /assets carry a content hash in their name, so a cached copy can never be stale:
 * immutable for a year. Everything else (index.html, favicon) keeps its name across releases and is
 * revalidated on every use (ETag / Last-Modified), so a new deployment is seen at once.
 */
export function cacheControlFor(root: string, filePath: string): string {
  const relative = path.relative(root, filePath).split(path.sep).join('/');
  return relative.startsWith('assets/') ? `public, max-age=${YEAR_SECONDS}, immutable` : 'no-cache';
}

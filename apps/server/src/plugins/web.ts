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
      await app.register(fastifyStatic, { root, wildcard: false, index: false, maxAge: '1h', immutable: false });
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
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    });
  },
  { name: 'web', dependencies: ['db'] },
);

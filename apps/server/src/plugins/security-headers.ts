import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * The browser-side defences on every answer, pages and API alike (issue 12). Scripts only from
 * our own origin (the built client has no inline script); styles may be inline because antd writes
 * its CSS-in-JS into <style> tags; images also from data:/blob: (report logos, QR codes, charts);
 * the socket on the same host. No one may frame us; no Referer leaves the site (share-link and
 * print addresses carry tokens).
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self' ws: wss:",
  "frame-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** The API explorer (swagger-ui) ships inline script; it gets every header but the script policy. */
const DOCS_PREFIX = '/api/docs';

export const securityHeadersPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onSend', async (request, reply) => {
      // A route that set a stricter policy of its own (the sandbox cashier page) keeps it.
      if (!request.url.startsWith(DOCS_PREFIX) && !reply.hasHeader('content-security-policy')) {
        reply.header('content-security-policy', CONTENT_SECURITY_POLICY);
      }
      reply.header('x-content-type-options', 'nosniff');
      reply.header('referrer-policy', 'no-referrer');
      reply.header('x-frame-options', 'DENY');
      // Only over TLS (directly, or as a trusted proxy says): HSTS on plain HTTP would be ignored at best.
      if (request.protocol === 'https')
        reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    });
  },
  { name: 'security-headers' },
);

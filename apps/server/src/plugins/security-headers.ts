import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';

/**
 * The browser-side defences on every answer, pages and API alike (issue 12). Scripts only from
 * our own origin (the built client has no inline script); styles may be inline because antd writes
 * its CSS-in-JS into <style> tags; images also from data:/blob: (report logos, QR codes, charts);
 * the socket on the same host. No one may frame us; no Referer leaves the site (share-link and
 * print addresses carry tokens).
 */
export function contentSecurityPolicy(formTargets: readonly string[] = []): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self' ws: wss:",
    "frame-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    // Forms post to ourselves, and to the online-banking gateway when one is configured (网银支付).
    ['form-action', "'self'", ...formTargets].join(' '),
    "frame-ancestors 'none'",
  ].join('; ');
}

export const CONTENT_SECURITY_POLICY = contentSecurityPolicy();

/** The API explorer (swagger-ui) ships inline script; it gets every header but the script policy. */
const DOCS_PREFIX = '/api/docs';

/** The origin of the configured online-banking form url (the mode's), else none. */
function bankFormOrigin(config: Config): string[] {
  if (!config.BANK_GATEWAY_MERCHANT_ID) return [];
  const url = config.BANK_GATEWAY_MODE === 'test' ? config.BANK_GATEWAY_TEST_URL : config.BANK_GATEWAY_PROD_URL;
  return url ? [new URL(url).origin] : [];
}

export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, options: { config?: Config }) => {
    const policy = options.config ? contentSecurityPolicy(bankFormOrigin(options.config)) : CONTENT_SECURITY_POLICY;
    app.addHook('onSend', async (request, reply) => {
      // A route that set a stricter policy of its own (the sandbox cashier page) keeps it.
      if (!request.url.startsWith(DOCS_PREFIX) && !reply.hasHeader('content-security-policy')) {
        reply.header('content-security-policy', policy);
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

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/helpers.js';
import { CONTENT_SECURITY_POLICY } from './security-headers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ env: { TRUST_PROXY: 'true' } });
});
afterAll(() => ctx.close());

describe('security headers', () => {
  it('every answer (API, error, page) carries CSP without inline script, nosniff, referrer policy, no framing', async () => {
    for (const url of ['/api/health', '/api/userInfo/findUserLoginInfo', '/login', '/no-such-file.js']) {
      const answer = await ctx.app.inject({ method: 'GET', url });
      expect(answer.headers['content-security-policy'], url).toBe(CONTENT_SECURITY_POLICY);
      expect(answer.headers['x-content-type-options'], url).toBe('nosniff');
      expect(answer.headers['referrer-policy'], url).toBe('no-referrer');
      expect(answer.headers['x-frame-options'], url).toBe('DENY');
      expect(answer.headers['strict-transport-security'], url).toBeUndefined();
    }
    expect(CONTENT_SECURITY_POLICY).toContain("script-src 'self';");
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(CONTENT_SECURITY_POLICY).toContain("frame-ancestors 'none'");
  });

  it('adds HSTS only when the request came over TLS', async () => {
    const answer = await ctx.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(answer.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });
});

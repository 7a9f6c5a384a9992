import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { AppInstance } from '../../app.js';
import type { BillingDeps } from './billing.routes.js';
import { renderCashier, renderCashierNotFound } from './cashier.page.js';
import { cancelCashierOrder, cashierView, payAtCashier } from './cashier.service.js';
import { SANDBOX_CASHIER_PATH } from './sandbox.gateway.js';

const PUBLIC = { access: { public: true } } as const;
const params = z.object({ token: z.string().min(1).max(64) });
const schema = { tags: ['sandbox-cashier'], params, hide: true };

// The page is a payment provider's page: no script, no framing, forms only to ourselves; the
// product's font stylesheet and font files come from our own origin.
const CSP =
  "default-src 'none'; style-src 'self' 'unsafe-inline'; font-src 'self'; img-src 'self' data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

/**
 * The built client's self-hosted font stylesheet (the build's font-subset plugin names it
 * noto-sans-sc-<hash>.css: apps/web/build/font-subsets.ts), so the cashier
 * renders in the product's font; null while the client is not built (the system font stack then).
 */
export function builtFontStylesheet(webDistDir: string): string | null {
  const dir = path.join(webDistDir, 'assets');
  if (!existsSync(dir)) return null;
  const file = readdirSync(dir).find((name) => /^noto-sans-sc-[\w-]+\.css$/.test(name));
  return file ? `/assets/${file}` : null;
}

function html(reply: FastifyReply, body: string, status = 200) {
  return reply
    .status(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-security-policy', CSP)
    .send(body);
}

const backToPay = (reply: FastifyReply, orderId: number) => reply.redirect(`/pay?orderId=${orderId}`, 303);

/** The sandbox cashier (public, outside /api): the page, 确认支付 and 取消. */
export async function cashierRoutes(app: AppInstance, deps: BillingDeps) {
  const fontCss = builtFontStylesheet(app.config.webDistDir);
  // Its buttons are plain HTML forms; only this module's scope parses form bodies.
  if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) {
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(String(body))));
      },
    );
  }

  app.get(`${SANDBOX_CASHIER_PATH}/:token`, { config: PUBLIC, schema }, async (request, reply) => {
    const view = await cashierView(app.db, request.params.token);
    return view ? html(reply, renderCashier(view, fontCss)) : html(reply, renderCashierNotFound(fontCss), 404);
  });

  app.post(`${SANDBOX_CASHIER_PATH}/:token/pay`, { config: PUBLIC, schema }, async (request, reply) => {
    const result = await payAtCashier(app.db, deps.sandbox, deps.deliverSandbox, request.params.token);
    if (!result) return html(reply, renderCashierNotFound(fontCss), 404);
    return 'view' in result ? html(reply, renderCashier(result.view, fontCss), 409) : backToPay(reply, result.orderId);
  });

  app.post(`${SANDBOX_CASHIER_PATH}/:token/cancel`, { config: PUBLIC, schema }, async (request, reply) => {
    const result = await cancelCashierOrder(app.db, request.params.token);
    return result ? backToPay(reply, result.orderId) : html(reply, renderCashierNotFound(fontCss), 404);
  });
}

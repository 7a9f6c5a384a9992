/**
 * Billing under load on the real product (embedded PostgreSQL, demo seed), 50 connections each:
 * - giving 1 fen from the demo main account to its supervisor: every request locks the same two
 *   wallets, the worst case for wallet contention;
 * - the same signed sandbox notification delivered over and over: every request locks the same
 *   order row and ends as an ignored duplicate;
 * - reading the ledger page of /my (flowRecord).
 * Prints figures only; never passes or fails on them. Run: npx tsx bench/billing.ts
 */
import { createHmac, randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { login, startProduct } from './lib/server.js';

const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const SECRET = randomBytes(24).toString('hex');

async function measure(options: autocannon.Options) {
  const result = await autocannon({ connections: 50, duration: DURATION_SECONDS, ...options });
  return {
    rps: Math.round(result.requests.average),
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

/** The sandbox gateway's signature: HMAC-SHA256 over the sorted `k=v` pairs except `sign`. */
function sign(fields: Record<string, string | number>): string {
  const canonical = Object.keys(fields)
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join('&');
  return createHmac('sha256', SECRET).update(canonical).digest('hex');
}

async function call(url: string, token: string, path: string, body?: unknown) {
  const response = await fetch(`${url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { token, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await response.json()) as { code: number; msg: string; data: Record<string, unknown> };
}

const product = await startProduct({ PAYMENT_SANDBOX_SECRET: SECRET });
try {
  const main = await login(product.url, '13800000001');
  const headers = { token: main, 'content-type': 'application/json' };

  const giving = await measure({
    url: `${product.url}/api/userInfo/giving`,
    method: 'POST',
    headers,
    body: JSON.stringify({ toUserId: 2, balance: 1 }),
  });

  const order = await call(product.url, main, '/api/Order/unifiedOrder', { amountFen: 10_000, payMethod: 'sandbox' });
  const fields = {
    orderNo: String(order.data.orderNo),
    amountFen: 10_000,
    txnId: 'SBXBENCH0001',
    status: 'SUCCESS',
    paidAt: new Date().toISOString(),
    nonce: randomBytes(12).toString('hex'),
  };
  const notifyBody = JSON.stringify({ ...fields, sign: sign(fields) });
  const notify = await measure({
    url: `${product.url}/api/Order/notify/sandbox`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: notifyBody,
  });
  const state = await call(product.url, main, `/api/Order/findPayState?orderId=${order.data.orderId}`);
  const credited = await call(product.url, main, `/api/UserAssets/flowRecord?size=200&reason=top_up`);

  const flow = await measure({ url: `${product.url}/api/UserAssets/flowRecord?size=20`, headers: { token: main } });

  console.log(`billing, 50 connections, ${DURATION_SECONDS}s each`);
  console.table([
    {
      route: 'POST /api/userInfo/giving (same two wallets)',
      'req/s': giving.rps,
      'p99 ms': giving.p99,
      'non-2xx': giving.non2xx,
      errors: giving.errors,
    },
    {
      route: 'POST /api/Order/notify/sandbox (one order, duplicates)',
      'req/s': notify.rps,
      'p99 ms': notify.p99,
      'non-2xx': notify.non2xx,
      errors: notify.errors,
    },
    {
      route: 'GET /api/UserAssets/flowRecord (page of 20)',
      'req/s': flow.rps,
      'p99 ms': flow.p99,
      'non-2xx': flow.non2xx,
      errors: flow.errors,
    },
  ]);
  const topUps = (credited.data.list as { orderId: number }[]).filter((row) => row.orderId === order.data.orderId);
  console.log(
    `order ${String(order.data.orderNo)}: ${String(state.data.stateLabel)}, credited ${topUps.length} time(s)`,
  );
} finally {
  await product.stop();
}

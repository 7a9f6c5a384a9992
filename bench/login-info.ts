/**
 * Throughput and p99 latency of findUserLoginInfo (session lookup + user, group and wallet read)
 * under 50 concurrent connections, beside a bare Fastify route on the same machine.
 * Prints figures; never passes or fails on them.
 */
import { spawn } from 'node:child_process';
import autocannon from 'autocannon';
import { freePort, login, startProduct, stopChild, waitFor } from './lib/server.js';

const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

async function measure(url: string, headers: Record<string, string> = {}) {
  const result = await autocannon({ url, connections: 50, duration: DURATION_SECONDS, headers });
  return { rps: Math.round(result.requests.average), p99: result.latency.p99, errors: result.errors + result.non2xx };
}

async function bareFastify() {
  const port = await freePort();
  const code = `const f=require('fastify')();f.get('/ping',async()=>({code:0,msg:'success',data:null}));f.listen({port:${port},host:'127.0.0.1'});`;
  const child = spawn(process.execPath, ['-e', code], {
    cwd: `${import.meta.dirname}/../apps/server`,
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}/ping`;
  await waitFor(
    async () => (await fetch(url)).ok,
    10_000,
    () => 'bare fastify',
  );
  return { url, stop: () => stopChild(child) };
}

const product = await startProduct();
try {
  const token = await login(product.url, '13800000001');
  const bare = await bareFastify();
  const bareResult = await measure(bare.url);
  await bare.stop();
  const loginInfo = await measure(`${product.url}/api/userInfo/findUserLoginInfo`, { token });
  console.log(`findUserLoginInfo vs bare Fastify, 50 connections, ${DURATION_SECONDS}s each`);
  console.table([
    { route: 'bare Fastify GET /ping', 'req/s': bareResult.rps, 'p99 ms': bareResult.p99, errors: bareResult.errors },
    {
      route: 'GET /api/userInfo/findUserLoginInfo',
      'req/s': loginInfo.rps,
      'p99 ms': loginInfo.p99,
      errors: loginInfo.errors,
    },
  ]);
} finally {
  await product.stop();
}

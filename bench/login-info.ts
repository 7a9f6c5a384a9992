/**
 * The authenticated fast path under 50 connections with production logging (LOG_LEVEL=info):
 * findUserLoginInfo (session + user, group, wallet) and findFirmList (20 rows), beside the floor
 * measured in the same run on the same database: a bare Fastify route doing one indexed lookup
 * (the session by its token hash) with a pool of the product's size. Also in the same run: the
 * call with the session cache off (a second instance on the same database), and a floor for a list
 * answer of the same size (the 20 rows as JSON text, sent as is). findFirmList is asked the way
 * Chromium asks (its Accept-Encoding), answered from the list cache (hit) and by a second instance
 * with the list cache off (every request reads and compresses); the encoding and bytes per
 * answer are printed beside them.
 * Prints figures; never passes or fails on them.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import http from 'node:http';
import { loadavg } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { bindCompany, callApi } from './lib/api.js';
import { cpuSecondsOf } from './lib/proc.js';
import { freePort, login, startProduct, stopChild, waitFor } from './lib/server.js';

const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const COMPANIES = 20;
// BENCH_ONLY=login|firms measures one route and its floor (with BENCH_CPU_PROF, a profile of it alone).
const ONLY = process.env.BENCH_ONLY ?? '';
/** What Chromium sends on every request (zstd is not offered by the server on Node 20). */
const CHROMIUM_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

/**
 * req/s and p99, plus the serving Node process's CPU per request: on a machine shared with other
 * work, req/s follow the neighbours, CPU per request much less so.
 */
async function measure(url: string, pid: number, headers: Record<string, string> = {}) {
  const cpuBefore = await cpuSecondsOf(pid);
  const result = await autocannon({ url, connections: 50, duration: DURATION_SECONDS, headers });
  const requests = result.requests.total;
  return {
    rps: Math.round(result.requests.average),
    p99: result.latency.p99,
    // A 304 (If-None-Match) is an answer, not an error.
    errors: result.errors + result['4xx'] + result['5xx'],
    cpuMicros: Math.round((((await cpuSecondsOf(pid)) - cpuBefore) / requests) * 1e6),
    // Headers included: what the load generator had to receive per answer.
    bytes: Math.round(result.throughput.total / requests),
    encoding: await encodingOf(url, headers),
  };
}

/** A few seconds of the same load on a process just started, so its figures do not include its warm-up (JIT). */
async function warmUp(url: string, headers: Record<string, string>) {
  await autocannon({ url, connections: 50, duration: 3, headers });
}

/** The Content-Encoding one answer came with (fetch would decode it and hide the header's effect). */
function encodingOf(url: string, headers: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        response.resume();
        resolve(String(response.headers['content-encoding'] ?? 'identity'));
      })
      .on('error', reject);
  });
}

/**
 * The floors: Fastify, pg and one indexed SELECT on the product's own database, nothing else.
 * /session reads a session by its token hash (the floor of the goal); /page reads a group's 20
 * latest companies as one JSON text and sends it as is, a floor for a list answer of that size.
 */
async function bareLookup(databaseUrl: string, tokenHashHex: string, groupId: number) {
  const port = await freePort();
  const code = `
    const f = require('fastify')();
    const pool = new (require('pg').Pool)({ connectionString: ${JSON.stringify(databaseUrl)}, max: 10 });
    const hash = Buffer.from(${JSON.stringify(tokenHashHex)}, 'hex');
    f.get('/session', async () => {
      const { rows } = await pool.query('SELECT user_id FROM sessions WHERE token_hash = $1', [hash]);
      return { code: 0, msg: 'success', data: rows[0] ?? null };
    });
    f.get('/page', async (request, reply) => {
      const { rows } = await pool.query({ name: 'page', values: [${groupId}], text: "SELECT coalesce(string_agg(row_to_json(c)::text, ','), '') AS list FROM (SELECT * FROM companies WHERE group_id = $1 ORDER BY id DESC LIMIT 20) c" });
      return reply.type('application/json; charset=utf-8').send('{"code":0,"msg":"success","data":{"list":[' + rows[0].list + ']}}');
    });
    f.listen({ port: ${port}, host: '127.0.0.1' });`;
  const child = spawn(process.execPath, ['-e', code], {
    cwd: `${import.meta.dirname}/../apps/server`,
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(
    async () => (await fetch(`${url}/session`)).ok,
    10_000,
    () => 'bare lookup',
  );
  return { url, pid: child.pid ?? 0, stop: () => stopChild(child) };
}

/**
 * A second API instance on the same database with a cache off (SESSION_CACHE_SECONDS=0 or
 * LIST_CACHE_SECONDS=0), to show in the same run what the cache changes.
 */
async function uncachedInstance(databaseUrl: string, dataDir: string, cacheOff: Record<string, string>) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      RUN_WORKER: 'false',
      BACKUP_INTERVAL_HOURS: '0',
      USER_RATE_LIMIT_PER_MINUTE: '0',
      LOG_LEVEL: 'info',
      NODE_ENV: 'production',
      ...cacheOff,
    },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(
    async () => (await fetch(`${url}/api/health`)).ok,
    90_000,
    () => 'uncached instance',
  );
  return { url, pid: child.pid ?? 0, stop: () => stopChild(child) };
}

/** A valid unified social credit code (GB 32100-2015 check character) for the n-th bench company. */
function creditCode(n: number): string {
  const chars = '0123456789ABCDEFGHJKLMNPQRTUWXY';
  const weights = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
  const body = `913101${String(15_000_000_000 + n).slice(-11)}`;
  const sum = [...body].reduce((total, char, i) => total + chars.indexOf(char) * (weights[i] as number), 0);
  return body + chars[(31 - (sum % 31)) % 31];
}

const product = await startProduct({ LOG_LEVEL: 'info', NODE_ENV: 'production' });
try {
  const token = await login(product.url, '13800000001');
  for (let n = 1; n < COMPANIES; n++) await bindCompany(product.url, token, `压测企业${n}有限公司`, creditCode(n));
  const hash = createHash('sha256').update(token).digest('hex');
  const me = await callApi<{ groupId: number }>(product.url, token, '/api/userInfo/findUserLoginInfo');
  const bare = await bareLookup(product.databaseUrl, hash, me.groupId);
  const uncached =
    ONLY === 'firms'
      ? null
      : await uncachedInstance(product.databaseUrl, product.dataDir, { SESSION_CACHE_SECONDS: '0' });
  const loginInfo = '/api/userInfo/findUserLoginInfo';
  const firmList = `/api/CsbFirmCertification/findFirmList?page=1&size=${COMPANIES}`;
  // Every process is warmed on a route before that route is measured.
  await warmUp(`${bare.url}/session`, {});
  if (ONLY !== 'login') await warmUp(`${bare.url}/page`, {});
  const floor = await measure(`${bare.url}/session`, bare.pid);
  const rows: { route: string; figures: Awaited<ReturnType<typeof measure>> }[] = [
    { route: 'floor: bare Fastify + 1 indexed SELECT', figures: floor },
  ];
  if (uncached) {
    await warmUp(`${uncached.url}${loginInfo}`, { token });
    rows.push({
      route: 'findUserLoginInfo, session cache off',
      figures: await measure(`${uncached.url}${loginInfo}`, uncached.pid, { token }),
    });
    await uncached.stop();
    await warmUp(`${product.url}${loginInfo}`, { token });
    rows.push({
      route: 'GET /api/userInfo/findUserLoginInfo',
      figures: await measure(`${product.url}${loginInfo}`, product.pid, { token }),
    });
  }
  if (ONLY !== 'login') {
    rows.push({
      route: `list floor: bare Fastify, ${COMPANIES} rows as JSON text`,
      figures: await measure(`${bare.url}/page`, bare.pid),
    });
    const browser = { token, 'accept-encoding': CHROMIUM_ACCEPT_ENCODING };
    const listOff = await uncachedInstance(product.databaseUrl, product.dataDir, { LIST_CACHE_SECONDS: '0' });
    await warmUp(`${listOff.url}${firmList}`, browser);
    rows.push({
      route: `findFirmList, list cache off`,
      figures: await measure(`${listOff.url}${firmList}`, listOff.pid, browser),
    });
    rows.push({
      route: `findFirmList, list cache off, no Accept-Encoding`,
      figures: await measure(`${listOff.url}${firmList}`, listOff.pid, { token }),
    });
    await listOff.stop();
    await warmUp(`${product.url}${firmList}`, browser);
    rows.push({
      route: `GET findFirmList (${COMPANIES} rows), cache hit`,
      figures: await measure(`${product.url}${firmList}`, product.pid, browser),
    });
    // A browser asking again with the tag of the copy it kept: 304, no body.
    const tagged = await fetch(`${product.url}${firmList}`, { headers: browser });
    const etag = tagged.headers.get('etag');
    if (etag) {
      rows.push({
        route: 'findFirmList, cache hit, If-None-Match (304)',
        figures: await measure(`${product.url}${firmList}`, product.pid, { ...browser, 'if-none-match': etag }),
      });
    }
  }
  await bare.stop();
  console.log(`50 connections, ${DURATION_SECONDS} s each, LOG_LEVEL=info; goal ≥ 70% of the floor, p99 ≤ 20 ms`);
  if (ONLY !== 'login')
    console.log(`findFirmList asked with Accept-Encoding: ${CHROMIUM_ACCEPT_ENCODING} (Chromium's)`);
  console.log(
    `load average ${loadavg()
      .map((value) => value.toFixed(1))
      .join(' ')}`,
  );
  console.table(
    rows.map(({ route, figures }) => ({
      route,
      'req/s': figures.rps,
      'of floor': `${Math.round((figures.rps / floor.rps) * 100)}%`,
      'p99 ms': figures.p99,
      'Node CPU µs/req': figures.cpuMicros,
      encoding: figures.encoding,
      'bytes/answer': figures.bytes,
      errors: figures.errors,
    })),
  );
} finally {
  await product.stop();
}

/**
 * Real time on one API instance: BENCH_SOCKETS (5 000) signed-in WebSocket connections, each
 * sending the client's heartbeat every 10 s, then events published through PostgreSQL NOTIFY (the
 * path every report notification takes) reaching all of them. Prints the delivery latency per
 * socket (p50/p99/max), how many arrived, heartbeat answers, and the server's memory per
 * connection. Prints figures; never passes or fails on them.
 */
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { WebSocket } from 'ws';
import { startProduct } from './lib/server.js';

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 5000);
const HEARTBEAT_MS = 10_000;
const EVENTS = 5;

function rssMiB(pid: number): number {
  const match = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
  return match ? Number(match[1]) / 1024 : Number.NaN;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

const product = await startProduct();
const sockets: WebSocket[] = [];
const timers: NodeJS.Timeout[] = [];
try {
  const answer = await fetch(`${product.url}/api/userInfo/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone: '13800000001', pwd: 'Demo123456' }),
  });
  const { data } = (await answer.json()) as { data: { userToken: string; userId: number } };
  const wsUrl = `${product.url.replace('http', 'ws')}/webSocket/${data.userId}`;

  global.gc?.();
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const rssBefore = rssMiB(product.pid);
  let heartbeats = 0;
  const received: number[][] = [];
  const opened = performance.now();
  // Open in batches, as a fleet of browsers reconnecting after a deployment would.
  for (let start = 0; start < SOCKETS; start += 250) {
    const batch = Array.from({ length: Math.min(250, SOCKETS - start) }, (_, i) => {
      const index = start + i;
      const socket = new WebSocket(wsUrl, ['taxlens', data.userToken]);
      received[index] = [];
      socket.on('message', (raw) => {
        const message = JSON.parse(raw.toString()) as { msgType: string; sentAt?: number };
        if (message.msgType === 'HEARTBEAT') heartbeats++;
        else if (message.sentAt) received[index]?.push(Date.now() - message.sentAt);
      });
      sockets.push(socket);
      return new Promise<void>((resolve, reject) => {
        socket.once('open', () => resolve());
        socket.once('error', reject);
      });
    });
    await Promise.all(batch);
  }
  const openSeconds = (performance.now() - opened) / 1000;
  // Heartbeats spread over the interval, as independent browsers send them.
  sockets.forEach((socket, index) => {
    const first = setTimeout(
      () => {
        socket.send('heartbeat');
        timers.push(setInterval(() => socket.send('heartbeat'), HEARTBEAT_MS));
      },
      (index / SOCKETS) * HEARTBEAT_MS,
    );
    timers.push(first);
  });
  await new Promise((resolve) => setTimeout(resolve, HEARTBEAT_MS + 2000));
  const rssAfter = rssMiB(product.pid);

  const client = new pg.Client({ connectionString: product.databaseUrl });
  await client.connect();
  for (let n = 0; n < EVENTS; n++) {
    const payload = JSON.stringify({
      target: { userIds: [data.userId] },
      event: { msgType: 'BENCH', n, sentAt: Date.now() },
    });
    await client.query('SELECT pg_notify($1, $2)', ['taxlens_events', payload]);
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
  await client.end();

  const latencies = received.flat().sort((a, b) => a - b);
  const complete = received.filter((list) => list.length === EVENTS).length;
  console.log(`${SOCKETS} sockets on one instance, heartbeat every ${HEARTBEAT_MS / 1000} s, ${EVENTS} events to all`);
  console.table([
    {
      'opened in s': Math.round(openSeconds * 10) / 10,
      'heartbeat answers': heartbeats,
      deliveries: `${latencies.length} / ${SOCKETS * EVENTS}`,
      'sockets with every event': complete,
      'p50 ms': percentile(latencies, 50),
      'p99 ms': percentile(latencies, 99),
      'max ms': latencies.at(-1),
      'server RSS MiB before/after': `${Math.round(rssBefore)} / ${Math.round(rssAfter)}`,
      'KiB per connection': Math.round(((rssAfter - rssBefore) * 1024) / SOCKETS),
    },
  ]);
} finally {
  for (const timer of timers) clearTimeout(timer);
  for (const socket of sockets) socket.terminate();
  await product.stop();
}

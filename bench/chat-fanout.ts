/**
 * Chat fan-out (issue 17): BENCH_CHAT_SOCKETS (2 000) open chat sockets on one instance — half held
 * by the three members of the demo group, half by another group, plus 10 agent consoles — then
 * messages sent through the real API: a customer's sendMessage (reaching the group's dialogs and
 * every agent) and an agent's reply. Prints, per kind, the time from the send to each socket's
 * event (p50/p99/max), deliveries, and that no socket of the other group heard anything.
 * Prints figures; never passes or fails on them.
 */
import { WebSocket } from 'ws';
import { startProduct } from './lib/server.js';

const SOCKETS = Number(process.env.BENCH_CHAT_SOCKETS ?? 2000);
const AGENT_SOCKETS = 10;
const MESSAGES = 10;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

const product = await startProduct();
const sockets: WebSocket[] = [];
try {
  const api = async <T>(path: string, token: string | null, body?: unknown): Promise<T> => {
    const response = await fetch(`${product.url}/api${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer = (await response.json()) as { code: number; msg: string; data: T };
    if (answer.code !== 0) throw new Error(`${path}: ${answer.msg}`);
    return answer.data;
  };
  const login = (phone: string) =>
    api<{ userToken: string; userId: number }>('/userInfo/login', null, { phone, pwd: 'Demo123456' });
  const group = await Promise.all(['13800000001', '13800000002', '13800000003'].map(login));
  const [other] = await Promise.all([login('13900000001')]);
  const agent = await login('13700000004');
  if (!other) throw new Error('no other group user');

  /** Arrival times of every event, per socket kind, keyed by message id. */
  const arrivals = { group: new Map<number, number[]>(), agent: new Map<number, number[]>(), other: 0 };
  const open = (user: { userToken: string; userId: number }, kind: 'group' | 'agent' | 'other') => {
    const socket = new WebSocket(`${product.url.replace('http', 'ws')}/webSocket/${user.userId}`, [
      'taxlens',
      user.userToken,
    ]);
    socket.on('message', (raw) => {
      const event = JSON.parse(raw.toString()) as { msgType: string; messageId?: number };
      if (kind === 'other') {
        if (event.msgType.startsWith('CHAT')) arrivals.other += 1;
        return;
      }
      const wanted = kind === 'agent' ? 'CHAT_AGENT' : 'CHAT';
      if (event.msgType !== wanted || !event.messageId) return;
      const list = arrivals[kind].get(event.messageId) ?? [];
      list.push(performance.now());
      arrivals[kind].set(event.messageId, list);
    });
    sockets.push(socket);
    return new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
  };
  const half = Math.floor(SOCKETS / 2);
  for (let start = 0; start < SOCKETS; start += 250) {
    const batch: Promise<void>[] = [];
    for (let index = start; index < Math.min(SOCKETS, start + 250); index += 1) {
      batch.push(
        index < half ? open(group[index % group.length] as (typeof group)[number], 'group') : open(other, 'other'),
      );
    }
    await Promise.all(batch);
  }
  await Promise.all(Array.from({ length: AGENT_SOCKETS }, () => open(agent, 'agent')));

  const customer = group[0] as (typeof group)[number];
  const sends: { id: number; at: number; kind: 'customer' | 'agent' }[] = [];
  const sendLatency: number[] = [];
  for (let n = 0; n < MESSAGES; n += 1) {
    const at = performance.now();
    const record = await api<{ id: number }>('/ChatRecord/sendMessage', customer.userToken, {
      msgType: 0,
      msgContent: `压测消息 ${n}`,
    });
    sendLatency.push(performance.now() - at);
    sends.push({ id: record.id, at, kind: 'customer' });
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  // The agent claims the conversation the messages queued, and replies.
  const queue = await api<{ list: { id: number; groupId: number }[] }>(
    '/operator/chat/queue?filter=waiting',
    agent.userToken,
  );
  const conversation = queue.list.find((item) => item.groupId === 1);
  if (!conversation) throw new Error('no waiting conversation');
  await api('/operator/chat/claim', agent.userToken, { id: conversation.id });
  for (let n = 0; n < MESSAGES; n += 1) {
    const at = performance.now();
    const record = await api<{ id: number }>('/operator/chat/reply', agent.userToken, {
      id: conversation.id,
      msgType: 0,
      msgContent: `回复 ${n}`,
    });
    sends.push({ id: record.id, at, kind: 'agent' });
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  await new Promise((resolve) => setTimeout(resolve, 2000));

  const rows = [];
  for (const [label, kind, target, expected] of [
    ['customer message → group dialogs', 'customer', 'group', half],
    ['customer message → agent consoles', 'customer', 'agent', AGENT_SOCKETS],
    ['agent reply → group dialogs', 'agent', 'group', half],
  ] as const) {
    const latencies = sends
      .filter((send) => send.kind === kind)
      .flatMap((send) => (arrivals[target].get(send.id) ?? []).map((time) => time - send.at))
      .sort((a, b) => a - b);
    rows.push({
      path: label,
      deliveries: `${latencies.length} / ${expected * MESSAGES}`,
      'p50 ms': Math.round(percentile(latencies, 50)),
      'p99 ms': Math.round(percentile(latencies, 99)),
      'max ms': Math.round(latencies.at(-1) ?? Number.NaN),
    });
  }
  const sorted = [...sendLatency].sort((a, b) => a - b);
  console.log(
    `${SOCKETS} chat sockets (${half} of the demo group, ${SOCKETS - half} of another) + ${AGENT_SOCKETS} agent consoles on one instance; ${MESSAGES} messages each way; latency from the send to each socket's event`,
  );
  console.table(rows);
  console.log(
    `sendMessage answered: p50 ${Math.round(percentile(sorted, 50))} ms, max ${Math.round(sorted.at(-1) ?? 0)} ms`,
  );
  console.log(`events that reached the other group's ${SOCKETS - half} sockets: ${arrivals.other}`);
} finally {
  for (const socket of sockets) socket.terminate();
  await product.stop();
}

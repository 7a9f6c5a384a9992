import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import type { DbOrTx } from '../db/kysely.js';
import { listen } from '../db/listen.js';
import { SOCKET_PROTOCOL, sessionOf } from './access.js';
import { answerDataPrice } from './realtime-dataprice.js';
import { answerMindReminder } from './realtime-mid.js';

const CHANNEL = 'taxlens_events';

/** Who receives an event: given users, or every signed-in user of a group. */
export interface EventTarget {
  userIds?: number[];
  groupId?: number;
}

/**
 * Publishes an event to the sockets of its target on every API instance. Inside a transaction
 * PostgreSQL delivers it only at commit, so an event never announces a change that rolled back.
 */
export async function publishEvent(db: DbOrTx, target: EventTarget, event: Record<string, unknown>): Promise<void> {
  const payload = JSON.stringify({ target, event });
  if (Buffer.byteLength(payload) > 7900) throw new Error('event payload too large for NOTIFY');
  await sql`SELECT pg_notify(${CHANNEL}, ${payload})`.execute(db);
}

/**
 * In-process listeners to every event this instance receives through NOTIFY (all targets), e.g.
 * an upload that waits for its import to finish (imports.service.ts). Returns the unsubscribe.
 */
const eventListeners = new Set<(event: Record<string, unknown>) => void>();
export function onEvent(listener: (event: Record<string, unknown>) => void): () => void {
  eventListeners.add(listener);
  return () => eventListeners.delete(listener);
}

interface Client {
  socket: WebSocket;
  userId: number;
  groupId: number | null;
}

const envelopeSchema = z.object({
  target: z.object({ userIds: z.array(z.number()).optional(), groupId: z.number().optional() }),
  event: z.record(z.string(), z.unknown()),
});

/** The socket endpoint of spec §4 and the LISTEN side of the event bus. */
export const realtimePlugin = fp(
  async (app: FastifyInstance, options: { databaseUrl: string }) => {
    await app.register(websocket, {
      options: {
        maxPayload: 64 * 1024,
        // Answer only our protocol name, never the token the browser offered beside it.
        handleProtocols: (protocols: Set<string>) => (protocols.has(SOCKET_PROTOCOL) ? SOCKET_PROTOCOL : false),
      },
    });
    const clients = new Set<Client>();
    const listener = await listen(app.log, options.databaseUrl, CHANNEL, {
      onPayload: (payload) => {
        const parsed = envelopeSchema.safeParse(JSON.parse(payload));
        if (!parsed.success) return;
        const { target, event } = parsed.data;
        for (const listener of eventListeners) listener(event);
        const text = JSON.stringify(event);
        for (const client of clients) {
          const wanted =
            target.userIds?.includes(client.userId) ||
            (target.groupId !== undefined && target.groupId === client.groupId);
          if (wanted && client.socket.readyState === client.socket.OPEN) client.socket.send(text);
        }
      },
    });

    app.get(
      '/webSocket/:userId',
      { websocket: true, config: { access: { permission: null, allowNoGroup: true } } },
      (socket, request) => {
        const session = sessionOf(request);
        const { userId } = request.params as { userId: string };
        // A socket for another user's id is refused even with a valid token.
        if (Number(userId) !== session.userId) {
          socket.close(4403, 'forbidden');
          return;
        }
        const client: Client = { socket, userId: session.userId, groupId: session.groupId };
        clients.add(client);
        socket.on('message', (raw) => {
          const text = raw.toString();
          // The client's heartbeat is answered so it can tell the connection is alive.
          if (text === 'heartbeat' || text.includes('"heartbeat"'))
            socket.send(JSON.stringify({ msgType: 'HEARTBEAT' }));
          else if (text.includes('"MID"'))
            void answerMindReminder(app, session).then((answer) => {
              if (answer && socket.readyState === socket.OPEN) socket.send(JSON.stringify(answer));
            });
          else if (text.includes('"DATAPRICE"'))
            void answerDataPrice(app, session).then((answer) => {
              if (answer && socket.readyState === socket.OPEN) socket.send(JSON.stringify(answer));
            });
        });
        socket.on('close', () => clients.delete(client));
      },
    );

    app.addHook('onClose', async () => {
      for (const client of clients) client.socket.close(1001, 'server shutting down');
      await listener.close();
    });
  },
  { name: 'realtime', dependencies: ['access'] },
);

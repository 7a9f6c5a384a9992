import type { FastifyReply } from 'fastify';
import { z } from 'zod';

/** `{ code: 0, msg, data }` for a successful answer. */
export function ok<T>(data: T, msg = 'success') {
  return { code: 0, msg, data };
}

/** Response schema of a successful answer; the zod serializer strips fields the schema lacks. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number(), msg: z.string(), data });
}

export const emptyEnvelope = envelope(z.null());

/** pg returns bigint ids as strings; the API speaks numbers (ids stay far below 2^53). */
export function toId(value: string | number | bigint): number {
  return Number(value);
}

/**
 * Sends an answer already written as JSON text (by PostgreSQL, say) as it is. The route's response
 * schema still documents it; the text must be what that schema's serializer would write.
 */
export function sendJsonText(reply: FastifyReply, json: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}

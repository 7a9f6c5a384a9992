import type { QueryClient } from '@tanstack/react-query';
import { lazyWithRetry } from './lazy-route';

/**
 * The one QueryClient (query-client.ts) without react-query on the sign-in screen (issue 21): the
 * entry's session code reaches the client through here. It loads with the layouts' pages (their
 * modules import query-client.ts), with the guard of a signed-in user, or when asked below; what
 * the entry wants done on it before then (seeding the stored session user) waits in a queue that
 * query-client.ts runs as it is created, whoever loads it first.
 */
let client: QueryClient | null = null;
let pending: ((client: QueryClient) => void)[] = [];

/** Called once by query-client.ts as it creates the client. */
export function queryClientCreated(created: QueryClient): void {
  client = created;
  const queued = pending;
  pending = [];
  for (const action of queued) action(created);
}

/** Runs `action` on the client now if it exists, else as soon as it is created (without loading it). */
export function onQueryClient(action: (client: QueryClient) => void): void {
  if (client) action(client);
  else pending.push(action);
}

/** The client, loading react-query first when nothing has yet. */
export const loadQueryClient = lazyWithRetry(() => import('./query-client').then((module) => module.queryClient));

/** Logging out: forget cached server state, and anything queued for a client not yet created. */
export function clearQueryClient(): void {
  pending = [];
  client?.clear();
}

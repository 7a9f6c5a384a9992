import { expect, it } from 'vitest';
import { makeUser } from '../test-support/fixtures';
import { clearQueryClient, loadQueryClient, onQueryClient } from './query-client-loader';

// One test: the client is created once per module graph, and the order of these steps is the point.
it('queues work for the client until it is created, drops the queue on logout, then runs at once', async () => {
  const seen: string[] = [];
  onQueryClient(() => seen.push('dropped'));
  clearQueryClient();
  onQueryClient((client) => {
    seen.push('queued');
    client.setQueryData(['auth', 'me'], makeUser());
  });
  expect(seen).toEqual([]);
  const client = await loadQueryClient();
  expect(seen).toEqual(['queued']);
  expect(client.getQueryData(['auth', 'me'])).toEqual(makeUser());
  onQueryClient(() => seen.push('now'));
  expect(seen).toEqual(['queued', 'now']);
  // The same client whoever loads it: a page importing query-client.ts directly shares the cache.
  expect((await import('./query-client')).queryClient).toBe(client);
  clearQueryClient();
  expect(client.getQueryData(['auth', 'me'])).toBeUndefined();
});

import { describe, expect, it } from 'vitest';
import type { SessionContext } from './session.service.js';
import { SessionCache } from './session-cache.js';

function session(sessionId: number, userId: number, groupId: number | null): SessionContext {
  return { sessionId, userId, groupId } as SessionContext;
}
const LATER = new Date(Date.now() + 3_600_000);

function listeningCache(lifeMs = 60_000) {
  const cache = new SessionCache(lifeMs, 3);
  cache.setListening(true);
  return cache;
}

describe('SessionCache', () => {
  it('keeps nothing while its listener is down, and starts empty when it comes back', () => {
    const cache = new SessionCache(60_000);
    cache.store('k', session(1, 1, 1), LATER, cache.generation);
    expect(cache.get('k')).toBeNull();
    cache.setListening(true);
    cache.store('k', session(1, 1, 1), LATER, cache.generation);
    expect(cache.get('k')?.sessionId).toBe(1);
    cache.setListening(false);
    expect(cache.get('k')).toBeNull();
    expect(cache.enabled).toBe(false);
  });

  it('refuses to keep a read that began before an invalidation', () => {
    const cache = listeningCache();
    const since = cache.generation;
    cache.invalidate('u:99');
    cache.store('k', session(1, 1, 1), LATER, since);
    expect(cache.get('k')).toBeNull();
  });

  it('drops by session, user, group or everything, and leaves the rest', () => {
    const cache = listeningCache();
    const fill = () => {
      cache.store('a', session(1, 10, 100), LATER, cache.generation);
      cache.store('b', session(2, 20, 100), LATER, cache.generation);
      cache.store('c', session(3, 30, 200), LATER, cache.generation);
    };
    fill();
    cache.invalidate('s:1');
    expect([cache.get('a'), cache.get('b')?.sessionId]).toEqual([null, 2]);
    cache.invalidate('u:20');
    expect([cache.get('b'), cache.get('c')?.sessionId]).toEqual([null, 3]);
    fill();
    cache.invalidate('g:100');
    expect([cache.get('a'), cache.get('b'), cache.get('c')?.sessionId]).toEqual([null, null, 3]);
    fill();
    cache.invalidate('*');
    expect(cache.size).toBe(0);
  });

  it('never outlives the session, nor its own life; holds at most its size', async () => {
    const cache = listeningCache(60_000);
    cache.store('ended', session(1, 1, null), new Date(Date.now() - 1), cache.generation);
    expect(cache.get('ended')).toBeNull();
    const short = listeningCache(2);
    short.store('k', session(1, 1, null), LATER, short.generation);
    expect(short.get('k')?.sessionId).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(short.get('k')).toBeNull();
    for (let n = 0; n < 5; n++) cache.store(`k${n}`, session(n, n, null), LATER, cache.generation);
    expect(cache.size).toBe(3);
    expect(cache.get('k0')).toBeNull();
    expect(cache.get('k4')?.sessionId).toBe(4);
  });
});

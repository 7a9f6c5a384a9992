import { describe, expect, it } from 'vitest';
import type { SessionContext } from './session.service.js';
import { SessionBus } from './session-bus.js';
import { SessionCache } from './session-cache.js';

const LATER = new Date(Date.now() + 3_600_000);

/**
 * A channel like PostgreSQL's: every payload reaches every listener, in the order sent, each
 * listener on its own delay (a slow instance hears later).
 */
function channel() {
  const listeners: { bus: SessionBus; delayMs: number; deaf: boolean }[] = [];
  const notify = async (payload: string) => {
    for (const listener of listeners) {
      setTimeout(() => !listener.deaf && listener.bus.receive(payload), listener.delayMs);
    }
  };
  const join = (delayMs: number, ackTimeoutMs = 500) => {
    const cache = new SessionCache(60_000);
    const entry = { bus: new SessionBus(cache, notify, { ackTimeoutMs }), delayMs, deaf: false };
    listeners.push(entry);
    entry.bus.connected();
    return { cache, ...entry, entry };
  };
  return { notify, join };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 60));

describe('SessionBus', () => {
  it('a change’s sync returns only after a slow instance has applied the invalidation', async () => {
    const bus = channel();
    const a = bus.join(1);
    const b = bus.join(40);
    await settle();
    expect(a.bus.peerIds).toEqual([b.bus.id]);
    b.cache.store('token', { sessionId: 7, userId: 1, groupId: 1 } as SessionContext, LATER, b.cache.generation);
    // The logout's commit notifies s:7; A then syncs before answering.
    await bus.notify('s:7');
    await a.bus.sync();
    expect(b.cache.get('token')).toBeNull();
  });

  it('an instance that stops answering is waited for once, then forgotten; a deaf one empties its own cache', async () => {
    const bus = channel();
    const a = bus.join(1, 50);
    const b = bus.join(1, 50);
    await settle();
    b.entry.deaf = true;
    const started = Date.now();
    await a.bus.sync();
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
    expect(a.bus.peerIds).toEqual([]);
    b.cache.store('token', { sessionId: 1, userId: 1, groupId: null } as SessionContext, LATER, b.cache.generation);
    await b.bus.sync();
    expect(b.cache.get('token')).toBeNull();
  });

  it('says goodbye on close, so nobody waits for it', async () => {
    const bus = channel();
    const a = bus.join(1);
    const b = bus.join(1);
    await settle();
    await b.bus.close();
    await settle();
    expect(a.bus.peerIds).toEqual([]);
  });
});

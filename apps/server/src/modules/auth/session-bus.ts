import { randomBytes } from 'node:crypto';

/** A cache the bus keeps exact: the session cache, the list cache (lib/list-cache.ts). */
export interface BusCache {
  readonly enabled: boolean;
  setListening(listening: boolean): void;
  clear(): void;
  /** Every payload that is not the bus's own; each cache acts on its own prefixes. */
  invalidate(payload: string): void;
}

interface Wait {
  ownArrived: boolean;
  /** Peers that have not yet said they heard the barrier. */
  pending: Set<string>;
  done(complete: boolean): void;
}

export interface SessionBusOptions {
  /** How long a change's answer waits for the other instances; a silent one is then forgotten. */
  ackTimeoutMs?: number;
  /** An instance not heard from for this long (no heartbeat) is no longer waited for. */
  peerLifeMs?: number;
}

/**
 * What travels on channel taxlens_session besides migration 0310's invalidations, so that a
 * change made on one instance is refused or shown on every other one by the time its answer
 * leaves (logout on A, then the token on B: refused):
 * - `+<id>` an instance is listening (at connect, then every few seconds); `-<id>` it stops;
 * - `~<id>:<n>` a barrier sent by instance `id` after a change request;
 * - `!<id>:<n>:<peer>` instance `peer` heard that barrier.
 * PostgreSQL delivers notices to each listener in commit order, so an instance that heard the
 * barrier has heard, and applied, every invalidation committed before it.
 */
export class SessionBus {
  readonly id = randomBytes(6).toString('base64url');
  private readonly peers = new Map<string, number>();
  private readonly waits = new Map<string, Wait>();
  private count = 0;
  private readonly ackTimeoutMs: number;
  private readonly peerLifeMs: number;

  private readonly caches: BusCache[];

  constructor(
    caches: BusCache | BusCache[],
    /** Sends a payload on the channel (pg_notify). */
    private readonly notify: (payload: string) => Promise<unknown>,
    options: SessionBusOptions = {},
  ) {
    this.caches = [caches].flat();
    this.ackTimeoutMs = options.ackTimeoutMs ?? 1000;
    this.peerLifeMs = options.peerLifeMs ?? 35_000;
  }

  /** The other instances heard from lately. */
  get peerIds(): string[] {
    return [...this.peers.keys()];
  }

  receive(payload: string): void {
    const body = payload.slice(1);
    switch (payload[0]) {
      case '+': {
        if (body === this.id) return;
        const known = this.peers.has(body);
        this.peers.set(body, Date.now());
        // A newcomer learns of us at once, not at our next heartbeat.
        if (!known) this.send(`+${this.id}`);
        return;
      }
      case '-':
        this.peers.delete(body);
        return;
      case '~': {
        const origin = body.slice(0, body.indexOf(':'));
        if (origin === this.id) this.settle(body, null);
        else {
          this.peers.set(origin, Date.now());
          this.send(`!${body}:${this.id}`);
        }
        return;
      }
      case '!': {
        const cut = body.lastIndexOf(':');
        this.settle(body.slice(0, cut), body.slice(cut + 1));
        return;
      }
      default:
        for (const cache of this.caches) cache.invalidate(payload);
    }
  }

  /** The listener is up: the caches start (empty) and the others hear of us. */
  connected(): void {
    for (const cache of this.caches) cache.setListening(true);
    this.send(`+${this.id}`);
  }

  lost(): void {
    for (const cache of this.caches) cache.setListening(false);
  }

  /** Every few seconds: tells the others we are here, forgets the ones gone quiet. */
  heartbeat(): void {
    this.send(`+${this.id}`);
    const limit = Date.now() - this.peerLifeMs;
    for (const [peer, heard] of this.peers) if (heard < limit) this.peers.delete(peer);
  }

  /**
   * Returns once this instance and every other one heard all that was committed before the call.
   * A barrier of our own that never comes back means our listener is deaf: the caches are emptied.
   */
  async sync(): Promise<void> {
    if (!this.caches.some((cache) => cache.enabled)) return;
    const id = `${this.id}:${++this.count}`;
    let timer: NodeJS.Timeout | undefined;
    let wait: Wait | undefined;
    const complete = new Promise<boolean>((resolve) => {
      wait = { ownArrived: false, pending: new Set(this.peers.keys()), done: resolve };
      this.waits.set(id, wait);
      timer = setTimeout(() => resolve(false), this.ackTimeoutMs);
    });
    try {
      await this.notify(`~${id}`);
      if (await complete) return;
      if (!wait?.ownArrived) for (const cache of this.caches) cache.clear();
      for (const peer of wait?.pending ?? []) this.peers.delete(peer);
    } finally {
      clearTimeout(timer);
      this.waits.delete(id);
    }
  }

  async close(): Promise<void> {
    await this.notify(`-${this.id}`).catch(() => {});
  }

  private settle(id: string, peer: string | null): void {
    const wait = this.waits.get(id);
    if (!wait) return;
    if (peer === null) wait.ownArrived = true;
    else wait.pending.delete(peer);
    if (wait.ownArrived && wait.pending.size === 0) wait.done(true);
  }

  private send(payload: string): void {
    this.notify(payload).catch(() => {});
  }
}

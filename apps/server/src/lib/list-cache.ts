import { JsonBody } from './json-body.js';

/** The session cache's channel carries the lists' invalidations too (migration 0350): 'l:<group id>' or 'l:*'. */
const PREFIX = 'l:';

interface Entry {
  groupId: number;
  body: JsonBody;
  until: number;
}

/**
 * Answers of a group's lists (findFirmList), kept whole per instance: the JSON bytes, and each
 * compressed form the first time a client asks for it (issue 21). The key names the group, the
 * viewer's scope and the normalised query; the route builds it.
 *
 * Exact like the session cache: migration 0350's triggers say at commit which group's lists
 * changed (any instance, the worker, psql), every instance drops them; while the listener is down
 * nothing is kept; a read that began before an invalidation of its group is not stored (`version`).
 * Change requests answer once every instance heard them (session-bus.ts, the barrier).
 */
export class ListCache {
  private readonly entries = new Map<string, Entry>();
  private readonly byGroup = new Map<number, Set<string>>();
  /** Per group, the value of `counter` at its last invalidation; `clearedAt` for all of them. */
  private readonly changedAt = new Map<number, number>();
  private counter = 0;
  private clearedAt = 0;
  private listening = false;
  private bytes = 0;

  constructor(
    private readonly lifeMs: number,
    private readonly maxBytes = 64 * 1024 * 1024,
    private readonly maxEntries = 20_000,
  ) {}

  get enabled(): boolean {
    return this.lifeMs > 0 && this.listening;
  }

  get size(): number {
    return this.entries.size;
  }

  setListening(listening: boolean): void {
    this.listening = listening;
    this.clear();
  }

  /** What a read of the group must present to `store`: it moves whenever the group's lists may have changed. */
  version(groupId: number): number {
    return Math.max(this.changedAt.get(groupId) ?? 0, this.clearedAt);
  }

  get(groupId: number, key: string): JsonBody | null {
    if (!this.enabled) return null;
    const entry = this.entries.get(`${groupId}|${key}`);
    if (!entry) return null;
    if (Date.now() < entry.until) return entry.body;
    this.remove(`${groupId}|${key}`);
    return null;
  }

  /**
   * The answer as a body to send; kept when the group did not change since `since` (its version
   * when the read began) and the listener is up, else used for this request only.
   */
  store(groupId: number, key: string, json: string, since: number): JsonBody {
    if (!this.enabled || since !== this.version(groupId)) return new JsonBody(json);
    const full = `${groupId}|${key}`;
    const body = new JsonBody(json, (grown) => this.grew(full, grown));
    this.remove(full);
    while (this.entries.size >= this.maxEntries || (this.entries.size > 0 && this.bytes + body.size > this.maxBytes)) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.remove(oldest);
    }
    this.entries.set(full, { groupId, body, until: Date.now() + this.lifeMs });
    this.bytes += body.size;
    const keys = this.byGroup.get(groupId);
    if (keys) keys.add(full);
    else this.byGroup.set(groupId, new Set([full]));
    return body;
  }

  /** A payload of the session channel: 'l:<group id>' drops the group's lists, 'l:*' and '*' all; others are not ours. */
  invalidate(payload: string): void {
    if (payload === '*' || payload === `${PREFIX}*`) {
      this.clear();
      return;
    }
    if (!payload.startsWith(PREFIX)) return;
    const groupId = Number(payload.slice(PREFIX.length));
    this.changedAt.set(groupId, ++this.counter);
    for (const key of [...(this.byGroup.get(groupId) ?? [])]) this.remove(key);
  }

  clear(): void {
    this.clearedAt = ++this.counter;
    // Versions older than the clear say nothing any more.
    this.changedAt.clear();
    this.entries.clear();
    this.byGroup.clear();
    this.bytes = 0;
  }

  /** An entry made a compressed form: it counts against the memory bound. */
  private grew(key: string, bytes: number): void {
    if (this.entries.has(key)) this.bytes += bytes;
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.body.size;
    const keys = this.byGroup.get(entry.groupId);
    keys?.delete(key);
    if (keys?.size === 0) this.byGroup.delete(entry.groupId);
  }
}

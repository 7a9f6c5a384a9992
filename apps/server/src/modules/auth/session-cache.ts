import type { SessionContext } from './session.service.js';

/** The channel migration 0310's triggers notify on. */
export const SESSION_CHANGES_CHANNEL = 'taxlens_session';

interface Entry {
  session: SessionContext;
  /** Date.now() after which the entry is not used: its own life, or the session's end if sooner. */
  until: number;
}

/**
 * The sessions this instance resolved recently, by token hash, so an authenticated read costs no
 * query (issue 21). An entry lives `lifeMs` at most, and goes at once when PostgreSQL says (channel
 * taxlens_session, migration 0310) that its session, user, group or wallet changed, on any
 * instance or by hand. While the listening connection is down nothing is cached.
 *
 * A lookup that started before an invalidation must not store what it read: every invalidation
 * moves `generation`, and `store` is refused when it moved since the lookup began. How a change
 * reaches every instance before its answer leaves is session-bus.ts.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private readonly byUser = new Map<number, Set<string>>();
  private readonly byGroup = new Map<number, Set<string>>();
  private readonly bySession = new Map<number, string>();
  private listening = false;
  generation = 0;

  constructor(
    private readonly lifeMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  get enabled(): boolean {
    return this.lifeMs > 0 && this.listening;
  }

  /** The listener (re)connected (true) or lost its connection (false): either way, start empty. */
  setListening(listening: boolean): void {
    this.listening = listening;
    this.clear();
  }

  get(key: string): SessionContext | null {
    const entry = this.entries.get(key);
    if (!entry) return null;
    if (Date.now() < entry.until) return entry.session;
    this.remove(key);
    return null;
  }

  /** Keeps a session read when `generation` was `since`; refused if anything was invalidated meanwhile. */
  store(key: string, session: SessionContext, expiresAt: Date, since: number): void {
    if (!this.enabled || since !== this.generation) return;
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.remove(oldest);
    }
    this.remove(key);
    this.entries.set(key, { session, until: Math.min(Date.now() + this.lifeMs, expiresAt.getTime()) });
    addTo(this.byUser, session.userId, key);
    if (session.groupId !== null) addTo(this.byGroup, session.groupId, key);
    this.bySession.set(session.sessionId, key);
  }

  /** An invalidation of channel taxlens_session: 's:<id>', 'u:<id>', 'g:<id>' or '*'; 'l:…' is the list cache's. */
  invalidate(payload: string): void {
    if (payload.startsWith('l:')) return;
    this.generation++;
    const id = Number(payload.slice(2));
    if (payload.startsWith('s:')) {
      const key = this.bySession.get(id);
      if (key !== undefined) this.remove(key);
    } else if (payload.startsWith('u:')) this.dropUser(id);
    else if (payload.startsWith('g:')) for (const key of [...(this.byGroup.get(id) ?? [])]) this.remove(key);
    else this.clear();
  }

  /** Drops a user's sessions here and now (after that user's own change, before its answer leaves). */
  dropUser(userId: number): void {
    this.generation++;
    for (const key of [...(this.byUser.get(userId) ?? [])]) this.remove(key);
  }

  get size(): number {
    return this.entries.size;
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
    this.byUser.clear();
    this.byGroup.clear();
    this.bySession.clear();
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    const { userId, groupId, sessionId } = entry.session;
    removeFrom(this.byUser, userId, key);
    if (groupId !== null) removeFrom(this.byGroup, groupId, key);
    if (this.bySession.get(sessionId) === key) this.bySession.delete(sessionId);
  }
}

function addTo(index: Map<number, Set<string>>, id: number, key: string): void {
  const keys = index.get(id);
  if (keys) keys.add(key);
  else index.set(id, new Set([key]));
}

function removeFrom(index: Map<number, Set<string>>, id: number, key: string): void {
  const keys = index.get(id);
  if (!keys) return;
  keys.delete(key);
  if (keys.size === 0) index.delete(id);
}

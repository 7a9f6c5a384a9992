import { LIMITS } from '@taxlens/shared';
import { useEffect, useRef } from 'react';
import { createStore, type Store, useStore } from './store';

/**
 * The real-time socket of spec §4: one WebSocket per signed-in group user at
 * `/webSocket/{userId}` (the token offered as a subprotocol), a heartbeat every 60 s (a closed socket is reopened then), a
 * reconnect 5 s after an error or a close, heartbeat replies ignored, every other message handed
 * to the subscribers of its `msgType`. Subscribers invalidate queries (HOUSE-STYLE 14); the
 * socket itself holds no server state.
 */
export interface RealtimeMessage {
  msgType: string;
  [key: string]: unknown;
}

export type RealtimeHandler = (message: RealtimeMessage) => void;
export type RealtimeStatus = 'idle' | 'connecting' | 'open' | 'closed';

export interface RealtimeIdentity {
  userId: number;
  token: string;
}

/** The part of the browser's WebSocket the client uses, so tests can hand in a fake. */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export interface RealtimeOptions {
  heartbeatMs?: number;
  reconnectMs?: number;
  createSocket?: (url: string, protocols: string[]) => SocketLike;
  urlFor?: (identity: RealtimeIdentity) => string;
  log?: (line: string) => void;
}

/** Matches any msgType. */
export const ANY_MESSAGE = '*';
/** The server's answer to a heartbeat; never handed to subscribers. */
export const HEARTBEAT_REPLY = 'HEARTBEAT';
const HEARTBEAT_MESSAGE = JSON.stringify({ msgType: 'heartbeat' });
const CONNECTING = 0;
const OPEN = 1;
/** The server refuses a socket for another user's id with this code; retrying cannot help. */
const FORBIDDEN_CLOSE_CODE = 4403;

/** The socket's address carries no token: URLs end up in logs and proxies (issue 12). */
export function socketUrl({ userId }: RealtimeIdentity): string {
  const protocol = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${protocol}//${window.location.host}/webSocket/${userId}`;
}

/** The token travels as the second subprotocol offered (browsers cannot set socket headers); the server answers only the first. */
export function socketProtocols({ token }: RealtimeIdentity): string[] {
  return ['taxlens', token];
}

export class RealtimeClient {
  readonly status: Store<RealtimeStatus> = createStore<RealtimeStatus>('idle');
  private readonly handlers = new Map<string, Set<RealtimeHandler>>();
  private readonly options: Required<RealtimeOptions>;
  private identity: RealtimeIdentity | null = null;
  private socket: SocketLike | null = null;
  private heartbeatTimer: ReturnType<typeof setInterval> | null = null;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private holders = 0;

  constructor(options: RealtimeOptions = {}) {
    this.options = {
      heartbeatMs: options.heartbeatMs ?? LIMITS.socketHeartbeatMs,
      reconnectMs: options.reconnectMs ?? LIMITS.socketReconnectMs,
      createSocket: options.createSocket ?? ((url, protocols) => new WebSocket(url, protocols)),
      urlFor: options.urlFor ?? socketUrl,
      log: options.log ?? ((line) => console.info(line)),
    };
  }

  /**
   * Keeps the socket open for this identity until the returned release is called. Several
   * holders share one socket; a new identity (another user or token) replaces the old socket.
   */
  hold(identity: RealtimeIdentity): () => void {
    this.holders += 1;
    this.connect(identity);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.holders -= 1;
      if (this.holders === 0) this.disconnect();
    };
  }

  /** Opens the socket (idempotent for the same identity). */
  connect(identity: RealtimeIdentity): void {
    const same = this.identity?.userId === identity.userId && this.identity.token === identity.token;
    if (same && (this.socket || this.reconnectTimer)) return;
    if (!same) this.teardown();
    this.identity = identity;
    this.open();
    this.heartbeatTimer ??= setInterval(() => this.heartbeat(), this.options.heartbeatMs);
  }

  /** Closes the socket for good (logout): no heartbeat, no reconnect. */
  disconnect(): void {
    this.teardown();
    this.identity = null;
    this.status.set('idle');
  }

  /** Subscribes to one msgType (or ANY_MESSAGE); returns the unsubscribe function. */
  subscribe(msgType: string, handler: RealtimeHandler): () => void {
    const set = this.handlers.get(msgType) ?? new Set<RealtimeHandler>();
    set.add(handler);
    this.handlers.set(msgType, set);
    return () => {
      set.delete(handler);
      if (set.size === 0) this.handlers.delete(msgType);
    };
  }

  /** Sends a message when the socket is open (DATAPRICE, MID, …); false when it is not. */
  send(message: RealtimeMessage | string): boolean {
    if (this.socket?.readyState !== OPEN) return false;
    this.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
    return true;
  }

  isOpen(): boolean {
    return this.status.get() === 'open';
  }

  private open(): void {
    if (!this.identity) return;
    this.clearReconnect();
    this.status.set('connecting');
    let socket: SocketLike;
    try {
      socket = this.options.createSocket(this.options.urlFor(this.identity), socketProtocols(this.identity));
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket === socket) this.status.set('open');
    };
    socket.onmessage = (event) => {
      if (this.socket === socket) this.dispatch(event.data);
    };
    socket.onerror = () => {
      if (this.socket !== socket) return;
      this.options.log('[realtime] socket error, reconnecting in 5 s');
      this.scheduleReconnect();
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.status.set('closed');
      if (event.code === FORBIDDEN_CLOSE_CODE) {
        this.teardown();
        return;
      }
      this.scheduleReconnect();
    };
  }

  private heartbeat(): void {
    const state = this.socket?.readyState;
    if (state === OPEN) this.socket?.send(HEARTBEAT_MESSAGE);
    // Still connecting: its open (or its failure) is on the way.
    else if (state === CONNECTING) return;
    else if (this.identity && !this.reconnectTimer) this.open();
  }

  private scheduleReconnect(): void {
    if (!this.identity || this.reconnectTimer) return;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.dropSocket();
      this.open();
    }, this.options.reconnectMs);
  }

  private dispatch(data: unknown): void {
    if (typeof data !== 'string') return;
    let message: unknown;
    try {
      message = JSON.parse(data);
    } catch {
      return;
    }
    if (typeof message !== 'object' || message === null) return;
    const msgType = (message as { msgType?: unknown }).msgType;
    if (typeof msgType !== 'string' || msgType === HEARTBEAT_REPLY) return;
    const typed = message as RealtimeMessage;
    for (const key of [msgType, ANY_MESSAGE]) {
      for (const handler of [...(this.handlers.get(key) ?? [])]) {
        try {
          handler(typed);
        } catch (error) {
          console.error(error);
        }
      }
    }
  }

  private clearReconnect(): void {
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
  }

  /** Forgets the current socket without reacting to its close. */
  private dropSocket(): void {
    const socket = this.socket;
    this.socket = null;
    if (!socket) return;
    socket.onopen = null;
    socket.onmessage = null;
    socket.onerror = null;
    socket.onclose = null;
    if (socket.readyState === OPEN || socket.readyState === CONNECTING) socket.close(1000, 'client closing');
  }

  private teardown(): void {
    this.clearReconnect();
    if (this.heartbeatTimer) clearInterval(this.heartbeatTimer);
    this.heartbeatTimer = null;
    this.dropSocket();
  }
}

/** The one socket of the app. */
export const realtime = new RealtimeClient();
// Its state on <html data-realtime>: an event the server sends before the socket is open is not
// replayed, so browser tests wait for "open" before they make the server send one.
realtime.status.subscribe(() => {
  document.documentElement.dataset.realtime = realtime.status.get();
});

/**
 * Keeps the socket open while a group user is signed in (mounted once by the main layout;
 * further mounts share the socket). Signing out (user or token gone) closes it.
 */
export function useRealtimeConnection(
  user: { userId: number; isGroup: number; userToken: string } | null | undefined,
  client: RealtimeClient = realtime,
): void {
  const userId = user && user.isGroup === 1 ? user.userId : null;
  const token = user?.userToken ?? null;
  useEffect(() => {
    if (userId === null || !token) return;
    return client.hold({ userId, token });
  }, [client, userId, token]);
}

/** Calls the handler for every message of this msgType; the latest handler is used, no resubscribe. */
export function useRealtimeEvent(msgType: string, handler: RealtimeHandler, client: RealtimeClient = realtime): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => client.subscribe(msgType, (message) => latest.current(message)), [client, msgType]);
}

/** Whether the socket is open now (pages poll instead while it is not). */
export function useRealtimeOpen(client: RealtimeClient = realtime): boolean {
  return useStore(client.status) === 'open';
}

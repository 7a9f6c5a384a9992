import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ANY_MESSAGE,
  RealtimeClient,
  type SocketLike,
  useRealtimeConnection,
  useRealtimeEvent,
  useRealtimeOpen,
} from './realtime';

class FakeSocket implements SocketLike {
  readyState = 0;
  onopen: ((event: Event) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  readonly sent: string[] = [];
  closedWith: number | null = null;

  constructor(
    readonly url: string,
    readonly protocols: string[],
  ) {}

  send(data: string) {
    this.sent.push(data);
  }
  close(code?: number) {
    this.closedWith = code ?? 1000;
    this.readyState = 3;
  }
  // What the server does:
  serverOpens() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  serverSends(data: unknown) {
    this.onmessage?.({ data: typeof data === 'string' ? data : JSON.stringify(data) } as MessageEvent);
  }
  serverFails() {
    this.onerror?.(new Event('error'));
    this.readyState = 3;
    this.onclose?.({ code: 1006 } as CloseEvent);
  }
  serverCloses(code = 1001) {
    this.readyState = 3;
    this.onclose?.({ code } as CloseEvent);
  }
}

function setup() {
  const sockets: FakeSocket[] = [];
  const client = new RealtimeClient({
    createSocket: (url, protocols) => {
      const socket = new FakeSocket(url, protocols);
      sockets.push(socket);
      return socket;
    },
    urlFor: ({ userId }) => `ws://test/webSocket/${userId}`,
    log: () => {},
  });
  const last = () => sockets.at(-1) as FakeSocket;
  return { client, sockets, last };
}

describe('RealtimeClient', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('opens one socket per user at /webSocket/{userId}, the token offered as a subprotocol, shared by every holder', () => {
    const { client, sockets, last } = setup();
    const releaseA = client.hold({ userId: 7, token: 'tk' });
    const releaseB = client.hold({ userId: 7, token: 'tk' });
    expect(sockets).toHaveLength(1);
    expect(last().url).toBe('ws://test/webSocket/7');
    expect(last().protocols).toEqual(['taxlens', 'tk']);
    last().serverOpens();
    expect(client.status.get()).toBe('open');
    releaseA();
    expect(last().closedWith).toBeNull();
    releaseB();
    expect(last().closedWith).toBe(1000);
    expect(client.status.get()).toBe('idle');
  });

  it('sends a heartbeat every 60 s while open and ignores the replies', () => {
    const { client, last } = setup();
    const seen = vi.fn();
    client.subscribe(ANY_MESSAGE, seen);
    client.hold({ userId: 1, token: 't' });
    last().serverOpens();
    vi.advanceTimersByTime(59_999);
    expect(last().sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(last().sent).toEqual([JSON.stringify({ msgType: 'heartbeat' })]);
    vi.advanceTimersByTime(60_000);
    expect(last().sent).toHaveLength(2);
    last().serverSends({ msgType: 'HEARTBEAT' });
    expect(seen).not.toHaveBeenCalled();
  });

  it('reconnects 5 s after an error or a close, once per failure', () => {
    const { client, sockets, last } = setup();
    client.hold({ userId: 1, token: 't' });
    last().serverOpens();
    last().serverFails();
    expect(client.status.get()).toBe('closed');
    vi.advanceTimersByTime(4_999);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    last().serverOpens();
    last().serverCloses();
    vi.advanceTimersByTime(5_000);
    expect(sockets).toHaveLength(3);
  });

  it('a heartbeat finding the socket closed reopens it; a connecting socket is left alone', () => {
    const { client, sockets, last } = setup();
    client.hold({ userId: 1, token: 't' });
    // Still connecting at the first beat: nothing is sent, nothing reopened.
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
    expect(last().sent).toEqual([]);
    // Closed without an event (e.g. a suspended tab): the next beat reopens it.
    last().readyState = 3;
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(2);
  });

  it('hands each message to the subscribers of its msgType', () => {
    const { client, last } = setup();
    const progress = vi.fn();
    const share = vi.fn();
    client.subscribe('IMPORT_PROGRESS', progress);
    const unsubscribe = client.subscribe('SHARE_LINK', share);
    client.hold({ userId: 1, token: 't' });
    last().serverOpens();
    last().serverSends({ msgType: 'IMPORT_PROGRESS', importId: 4, status: 'parsing', progress: 40 });
    last().serverSends('not json');
    unsubscribe();
    last().serverSends({ msgType: 'SHARE_LINK', shareId: 2, state: 'bound' });
    expect(progress).toHaveBeenCalledWith({ msgType: 'IMPORT_PROGRESS', importId: 4, status: 'parsing', progress: 40 });
    expect(share).not.toHaveBeenCalled();
  });

  it('after disconnect nothing reconnects and no heartbeat runs', () => {
    const { client, sockets, last } = setup();
    const release = client.hold({ userId: 1, token: 't' });
    last().serverOpens();
    release();
    vi.advanceTimersByTime(10 * 60_000);
    expect(sockets).toHaveLength(1);
    expect(last().sent).toEqual([]);
  });

  it('a socket refused for another user (4403) is not retried', () => {
    const { client, sockets, last } = setup();
    client.hold({ userId: 1, token: 't' });
    last().serverCloses(4403);
    vi.advanceTimersByTime(5 * 60_000);
    expect(sockets).toHaveLength(1);
  });

  it('another user replaces the socket', () => {
    const { client, sockets } = setup();
    client.hold({ userId: 1, token: 'a' });
    client.hold({ userId: 2, token: 'b' });
    expect(sockets).toHaveLength(2);
    expect(sockets[0]?.closedWith).toBe(1000);
    expect(sockets[1]?.url).toContain('/webSocket/2');
    expect(sockets[1]?.protocols).toEqual(['taxlens', 'b']);
  });

  it('send works only while open', () => {
    const { client, last } = setup();
    client.hold({ userId: 1, token: 't' });
    expect(client.send({ msgType: 'DATAPRICE' })).toBe(false);
    last().serverOpens();
    expect(client.send({ msgType: 'DATAPRICE' })).toBe(true);
    expect(last().sent).toEqual([JSON.stringify({ msgType: 'DATAPRICE' })]);
  });
});

describe('realtime hooks', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const groupUser = { userId: 5, isGroup: 1, userToken: 'tok' };

  it('connects for a group user only and closes when the user signs out', () => {
    const { client, sockets, last } = setup();
    const { rerender, result } = renderHook(
      ({ user }: { user: typeof groupUser | null }) => {
        useRealtimeConnection(user, client);
        return useRealtimeOpen(client);
      },
      { initialProps: { user: { ...groupUser, isGroup: 0 } as typeof groupUser | null } },
    );
    expect(sockets).toHaveLength(0);
    rerender({ user: groupUser });
    expect(sockets).toHaveLength(1);
    act(() => last().serverOpens());
    expect(result.current).toBe(true);
    rerender({ user: null });
    expect(last().closedWith).toBe(1000);
    expect(result.current).toBe(false);
  });

  it('useRealtimeEvent calls the latest handler', () => {
    const { client, last } = setup();
    client.hold({ userId: 1, token: 't' });
    last().serverOpens();
    const first = vi.fn();
    const second = vi.fn();
    const { rerender, unmount } = renderHook(({ handler }) => useRealtimeEvent('SHARE_LINK', handler, client), {
      initialProps: { handler: first },
    });
    rerender({ handler: second });
    last().serverSends({ msgType: 'SHARE_LINK', shareId: 1, state: 'uploaded' });
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledTimes(1);
    unmount();
    last().serverSends({ msgType: 'SHARE_LINK', shareId: 1, state: 'uploaded' });
    expect(second).toHaveBeenCalledTimes(1);
  });
});

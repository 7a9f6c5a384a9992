import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reconnectDelayMs, reconnectWithBackoff } from './realtime-reconnect.js';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('realtime listener reconnect', () => {
  it('waits 1, 2, 4 … seconds, never more than 30', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 50].map(reconnectDelayMs)).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });

  it('keeps trying after failed attempts until one succeeds, then stops', async () => {
    const connect = vi
      .fn<() => Promise<void>>()
      .mockRejectedValueOnce(new Error('down'))
      .mockRejectedValueOnce(new Error('still down'))
      .mockResolvedValue();
    const failures: number[] = [];
    reconnectWithBackoff(connect, { isClosed: () => false, onFailure: (_error, attempt) => failures.push(attempt) });
    await vi.advanceTimersByTimeAsync(999);
    expect(connect).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(connect).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(2000);
    expect(connect).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(4000);
    expect(connect).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(connect).toHaveBeenCalledTimes(3);
    expect(failures).toEqual([0, 1]);
  });

  it('stops once the server is closing', async () => {
    let closed = false;
    const connect = vi.fn<() => Promise<void>>().mockRejectedValue(new Error('down'));
    reconnectWithBackoff(connect, { isClosed: () => closed });
    await vi.advanceTimersByTimeAsync(1000);
    expect(connect).toHaveBeenCalledTimes(1);
    closed = true;
    await vi.advanceTimersByTimeAsync(120_000);
    expect(connect).toHaveBeenCalledTimes(1);
  });
});

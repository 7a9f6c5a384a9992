import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { secondsLeft, useCountdown } from './useCountdown';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-01-05T09:00:00+08:00'));
});

afterEach(() => {
  vi.useRealTimers();
});

describe('useCountdown (spec §4 code-send button)', () => {
  it('is idle until started', () => {
    const { result } = renderHook(() => useCountdown(60));
    expect(result.current.running).toBe(false);
    expect(result.current.remaining).toBe(0);
  });

  it('counts 60 s down once started, then returns', async () => {
    const { result } = renderHook(() => useCountdown(60));
    act(() => result.current.start());
    expect(result.current.remaining).toBe(60);
    expect(result.current.running).toBe(true);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(result.current.remaining).toBe(59);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(58_000);
    });
    expect(result.current.remaining).toBe(1);
    expect(result.current.running).toBe(true);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(result.current.remaining).toBe(0);
    expect(result.current.running).toBe(false);
    // Nothing keeps ticking after the end.
    expect(vi.getTimerCount()).toBe(0);
  });

  it('follows the clock, not the number of ticks (throttled tabs)', async () => {
    const { result } = renderHook(() => useCountdown(60));
    act(() => result.current.start());
    // The clock jumps 45 s while timers were held back; the next tick catches up.
    vi.setSystemTime(Date.now() + 45_000);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(250);
    });
    expect(result.current.remaining).toBe(15);
  });

  it('can be started again and reset', async () => {
    const { result } = renderHook(() => useCountdown(60));
    act(() => result.current.start());
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10_000);
    });
    act(() => result.current.reset());
    expect(result.current.running).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
    act(() => result.current.start());
    expect(result.current.remaining).toBe(60);
  });

  it('stops its timer on unmount', () => {
    const { result, unmount } = renderHook(() => useCountdown(60));
    act(() => result.current.start());
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('with a key, resumes after a remount (the dialog closed and opened again)', async () => {
    const first = renderHook(() => useCountdown(60, 'sms:4:13800000001'));
    act(() => first.result.current.start());
    await act(async () => {
      await vi.advanceTimersByTimeAsync(20_000);
    });
    first.unmount();
    const again = renderHook(() => useCountdown(60, 'sms:4:13800000001'));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(250);
    });
    expect(again.result.current.remaining).toBe(40);
    // Another phone or purpose has its own countdown.
    const other = renderHook(() => useCountdown(60, 'sms:4:13800000002'));
    expect(other.result.current.running).toBe(false);
    act(() => again.result.current.reset());
  });

  it('rounds partial seconds up', () => {
    expect(secondsLeft(10_000, 0)).toBe(10);
    expect(secondsLeft(10_000, 9_001)).toBe(1);
    expect(secondsLeft(10_000, 10_000)).toBe(0);
    expect(secondsLeft(10_000, 12_000)).toBe(0);
  });
});

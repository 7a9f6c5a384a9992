import { useCallback, useEffect, useRef, useState } from 'react';

export interface Countdown {
  /** Whole seconds left, 0 when not running. */
  remaining: number;
  running: boolean;
  start(): void;
  reset(): void;
}

/** Seconds left until `endsAt`, rounded up so the first tick shows the full count (60, 59, …). */
export function secondsLeft(endsAt: number, now: number): number {
  return Math.max(0, Math.ceil((endsAt - now) / 1000));
}

/** End times by key, so a countdown survives its dialog being closed and opened again. */
const running = new Map<string, number>();

function persisted(key: string | undefined): number | null {
  if (!key) return null;
  const endsAt = running.get(key);
  return endsAt !== undefined && endsAt > Date.now() ? endsAt : null;
}

/**
 * A resend countdown (spec §4: after sending, the button is disabled for 60 s, then returns).
 * It counts against the clock rather than the number of ticks, so a throttled background tab
 * still ends on time. With a key (purpose and phone) it resumes after a remount, as the
 * server would refuse a new code within the minute anyway.
 */
export function useCountdown(seconds: number, key?: string): Countdown {
  const [endsAt, setEndsAt] = useState<number | null>(() => persisted(key));
  const [remaining, setRemaining] = useState(0);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);

  const stop = useCallback(() => {
    if (timer.current !== null) clearInterval(timer.current);
    timer.current = null;
  }, []);

  useEffect(() => {
    if (endsAt === null) return;
    const tick = () => {
      const left = secondsLeft(endsAt, Date.now());
      setRemaining(left);
      if (left === 0) {
        stop();
        setEndsAt(null);
      }
    };
    tick();
    timer.current = setInterval(tick, 250);
    return stop;
  }, [endsAt, stop]);

  const start = useCallback(() => {
    const next = Date.now() + seconds * 1000;
    if (key) running.set(key, next);
    setEndsAt(next);
  }, [seconds, key]);
  const reset = useCallback(() => {
    stop();
    if (key) running.delete(key);
    setEndsAt(null);
    setRemaining(0);
  }, [stop, key]);

  return { remaining, running: remaining > 0, start, reset };
}

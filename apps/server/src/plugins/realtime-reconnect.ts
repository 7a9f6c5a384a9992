/** Reconnecting the realtime LISTEN connection: kept apart from the plugin so it can be tested alone. */

export const RECONNECT_BASE_MS = 1000;
export const RECONNECT_MAX_MS = 30_000;

/** Wait before try `attempt` (0-based): 1 s, 2 s, 4 s … at most 30 s. */
export function reconnectDelayMs(attempt: number): number {
  return Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** Math.min(attempt, 30));
}

/**
 * Calls `connect` after a delay, and again after each failure with a longer one, until it
 * succeeds or `isClosed()` says the server is shutting down.
 */
export function reconnectWithBackoff(
  connect: () => Promise<void>,
  options: { isClosed: () => boolean; onFailure?: (error: unknown, attempt: number) => void },
): void {
  const tryAt = (attempt: number) => {
    setTimeout(() => {
      if (options.isClosed()) return;
      connect().catch((error: unknown) => {
        options.onFailure?.(error, attempt);
        tryAt(attempt + 1);
      });
    }, reconnectDelayMs(attempt));
  };
  tryAt(0);
}

import { createContext, useContext } from 'react';

/**
 * Counts what is still being drawn (charts) so the print view can tell the server's Chromium
 * when the page is complete. Screen pages provide no tracker.
 */
export class RenderTracker {
  private readonly pending = new Set<string>();
  private readonly waiters = new Set<() => void>();
  private started = 0;

  begin(id: string): void {
    this.pending.add(id);
    this.started += 1;
  }

  end(id: string): void {
    if (!this.pending.delete(id)) return;
    if (this.pending.size === 0) for (const resolve of [...this.waiters]) resolve();
  }

  get size(): number {
    return this.pending.size;
  }

  /** How many drawings have registered so far. */
  get registered(): number {
    return this.started;
  }

  /** Resolves once nothing is pending (at once when nothing is). */
  idle(): Promise<void> {
    if (this.pending.size === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        this.waiters.delete(done);
        resolve();
      };
      this.waiters.add(done);
    });
  }
}

export const RenderTrackerContext = createContext<RenderTracker | null>(null);

export function useRenderTracker(): RenderTracker | null {
  return useContext(RenderTrackerContext);
}

import type { ComponentType } from 'react';
import { pendingLocation } from '../lib/navigation';

/** Remembers the address already reloaded once for a failed chunk, so a second failure shows the error page. */
export const CHUNK_RETRY_KEY = 'taxlens.chunkRetry';

/**
 * Wraps a route's lazy import: a chunk that fails to load (usually a new deployment replaced
 * the old files) reloads the target address once (spec §4); a second failure reaches the error page.
 */
export function lazyWithRetry<T>(load: () => Promise<T>): () => Promise<T> {
  return async () => {
    try {
      return await load();
    } catch (error) {
      const target = pendingLocation();
      if (sessionStorage.getItem(CHUNK_RETRY_KEY) !== target) {
        sessionStorage.setItem(CHUNK_RETRY_KEY, target);
        window.location.assign(target);
        // The page is reloading; never settle so the router shows nothing half-loaded.
        return new Promise<T>(() => {});
      }
      sessionStorage.removeItem(CHUNK_RETRY_KEY);
      throw error;
    }
  };
}

/** A navigation finished without error: a later chunk failure may reload once again. */
export function clearChunkRetry(): void {
  sessionStorage.removeItem(CHUNK_RETRY_KEY);
}

/**
 * A layout whose pages use App.useApp(): antd's <App> (FeedbackApp) loads beside it instead of with
 * the entry, so the sign-in screen, which has no such page, does without it (issue 21). So does
 * react-query's provider (with-query-client.tsx). The dayjs locale comes with dayjs (build/dayjs-zh.ts).
 */
export function withApp(load: () => Promise<ComponentType>): () => Promise<{ Component: ComponentType }> {
  return () =>
    Promise.all([load(), import('./FeedbackApp'), import('./with-query-client')]).then(([Layout, app, query]) => ({
      Component: query.withQueryClient(app.withFeedbackApp(Layout)),
    }));
}

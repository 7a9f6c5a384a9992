import { useLayoutEffect } from 'react';

/**
 * "Kept alive" (spec §2, /policy and /policy2): coming back to the library from a document shows it
 * as it was left — the filters and page live in the address, the results in the query cache, and
 * this keeps the scroll position of the layout's content pane per address.
 */
export function useKeptScroll(key: string, ready: boolean) {
  useLayoutEffect(() => {
    const pane = document.querySelector<HTMLElement>('.tl-content');
    if (!pane || !ready) return;
    const storageKey = `taxlens.scroll.${key}`;
    const saved = Number(sessionStorage.getItem(storageKey) ?? 0);
    if (saved > 0) pane.scrollTop = saved;
    const save = () => sessionStorage.setItem(storageKey, String(pane.scrollTop));
    // Listen from the next frame: the restore itself (or the pane's clamp) must not overwrite it.
    const frame = requestAnimationFrame(() => {
      if (saved > 0 && pane.scrollTop !== saved) pane.scrollTop = saved;
      pane.addEventListener('scroll', save, { passive: true });
    });
    return () => {
      cancelAnimationFrame(frame);
      pane.removeEventListener('scroll', save);
    };
  }, [key, ready]);
}

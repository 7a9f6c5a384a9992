import { useEffect } from 'react';
import { updateViewport } from '../../app/layout-state';

/** Tracks the body width for the mobile layout (under 900 px the aside closes, spec §4). */
export function useViewportWatcher(): void {
  useEffect(() => {
    const measure = () => updateViewport(document.body.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, []);
}

import { describe, expect, it, vi } from 'vitest';
import { RenderTracker } from '../../../components/render-tracker';
import { decodeImages, loadFontsFor } from './print-readiness';

describe('print readiness', () => {
  it('waits for every chart that has begun drawing', async () => {
    const tracker = new RenderTracker();
    tracker.begin('a');
    tracker.begin('b');
    let idle = false;
    const waiting = tracker.idle().then(() => {
      idle = true;
    });
    tracker.end('a');
    await Promise.resolve();
    expect(idle).toBe(false);
    tracker.end('b');
    await waiting;
    expect(idle).toBe(true);
    expect(tracker.registered).toBe(2);
    // Ending twice or an unknown id changes nothing.
    tracker.end('b');
    expect(tracker.size).toBe(0);
    await expect(tracker.idle()).resolves.toBeUndefined();
  });

  it('loads the web font slices for the page’s characters in both weights, then waits for fonts.ready', async () => {
    const load = vi.fn(() => Promise.resolve([]));
    const fonts = { load, ready: Promise.resolve() } as unknown as FontFaceSet;
    await loadFontsFor('发票 穿透\n报告 发票', fonts);
    expect(load).toHaveBeenCalledTimes(2);
    expect(load).toHaveBeenCalledWith('400 16px "Noto Sans SC"', '发票穿透报告');
    expect(load).toHaveBeenCalledWith('500 16px "Noto Sans SC"', '发票穿透报告');
  });

  it('a failing font load does not stop the page from being printed', async () => {
    const fonts = {
      load: () => Promise.reject(new Error('offline')),
      ready: Promise.resolve(),
    } as unknown as FontFaceSet;
    await expect(loadFontsFor('发票', fonts)).resolves.toBeUndefined();
  });

  it('waits for every image to decode, and a broken image does not stop the page', async () => {
    const root = document.createElement('div');
    root.innerHTML = '<img class="logo"><img class="watermark">';
    const [logo, watermark] = Array.from(root.querySelectorAll('img'));
    let decoded = false;
    (logo as HTMLImageElement).decode = () =>
      new Promise<void>((resolve) => setTimeout(resolve, 5)).then(() => {
        decoded = true;
      });
    (watermark as HTMLImageElement).decode = () => Promise.reject(new Error('broken'));
    await decodeImages(root);
    expect(decoded).toBe(true);
  });
});

import { fontRulesLoaded } from '../../../app/fonts';
import type { RenderTracker } from '../../../components/render-tracker';

/**
 * The print view's "everything is drawn" signal for the server's Chromium (pdf.service.ts waits
 * for `window.__PRINT_READY__ === true` before printing): the data is rendered, every chart has
 * finished, the web-font slices for every character on the page are loaded, its images are
 * decoded, and two frames have been painted after that.
 */
declare global {
  interface Window {
    __PRINT_READY__?: boolean;
    /** Set instead when the view cannot be drawn (expired token, deleted report). */
    __PRINT_ERROR__?: string;
  }
}

/** The self-hosted Chinese font the print view uses whatever the machine has installed. */
export const PRINT_FONT_FAMILY = 'Noto Sans SC';
const PRINT_FONT_WEIGHTS = [400, 500] as const;

function nextFrame(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => resolve()));
}

/** Loads the unicode-range slices of the web font that the page's text needs, in both weights. */
export async function loadFontsFor(text: string, fonts: FontFaceSet = document.fonts): Promise<void> {
  // One copy of each character is enough to pick the slices.
  const characters = [...new Set(text.replace(/\s+/g, ''))].join('');
  if (characters) {
    await Promise.all(
      PRINT_FONT_WEIGHTS.map((weight) =>
        fonts.load(`${weight} 16px "${PRINT_FONT_FAMILY}"`, characters).catch(() => []),
      ),
    );
  }
  await fonts.ready;
}

/** Decodes every image on the page (the cover logo, the watermark image: data URLs); a broken one is skipped. */
export async function decodeImages(root: ParentNode): Promise<void> {
  const images = Array.from(root.querySelectorAll('img'));
  await Promise.all(
    images.map((image) => (typeof image.decode === 'function' ? image.decode() : null)?.catch(() => {})),
  );
}

export async function whenPrintReady(root: HTMLElement, tracker: RenderTracker): Promise<void> {
  await nextFrame();
  await tracker.idle();
  // The web font's rules arrive in a stylesheet of their own (app/fonts.ts) before the slices are asked for.
  await Promise.all([fontRulesLoaded.then(() => loadFontsFor(root.textContent ?? '')), decodeImages(root)]);
  // Text drawn with the new glyphs may reflow: let the page settle before the flag goes up.
  await nextFrame();
  await nextFrame();
}

export function markPrintReady(): void {
  window.__PRINT_READY__ = true;
  document.documentElement.dataset.printReady = 'true';
}

export function markPrintError(reason: string): void {
  window.__PRINT_ERROR__ = reason;
  document.documentElement.dataset.printError = reason;
}

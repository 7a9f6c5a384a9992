import { layoutMindMap, type MindNode } from '@taxlens/shared';
import { sharedBrowser } from '../../lib/browser.js';
import { openMindPage } from './mind-page.js';

/** Widest/tallest PNG side drawn; beyond it Chromium's screenshot would fail, so the scale drops instead. */
const MAX_SIDE = 16_000;

/**
 * The whole map as a PNG at full resolution: the SVG is drawn in a page exactly its size and the
 * page (not the viewport of a window) is captured, so nothing is cut however large the map is.
 */
export async function renderMindPng(
  root: MindNode,
  templateId: string,
): Promise<{ png: Buffer; width: number; height: number; scale: number }> {
  const layout = layoutMindMap(root);
  const scale = Math.min(2, MAX_SIDE / layout.width, MAX_SIDE / layout.height);
  const browser = await sharedBrowser();
  const context = await browser.newContext({
    viewport: { width: Math.ceil(layout.width), height: Math.ceil(layout.height) },
    deviceScaleFactor: scale,
  });
  try {
    const page = await openMindPage(context, root, templateId);
    const png = await page.screenshot({ fullPage: true, type: 'png' });
    return { png, width: png.readUInt32BE(16), height: png.readUInt32BE(20), scale };
  } finally {
    await context.close();
  }
}

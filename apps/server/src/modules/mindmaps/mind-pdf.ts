import { layoutMindMap, type MindNode } from '@taxlens/shared';
import { sharedBrowser } from '../../lib/browser.js';
import { openMindPage } from './mind-page.js';

/**
 * Largest PDF page side in CSS px: PDF viewers refuse pages above 200 in (14 400 pt = 19 200 px);
 * a map beyond it is scaled down to fit rather than cut or split.
 */
const MAX_SIDE_PX = 19_000;

/**
 * The whole map as a one-page vector PDF through the server's Chromium (the report PDF path): the
 * SVG is printed on a page exactly the map's size, so text stays text and nothing is cut.
 */
export async function renderMindPdf(root: MindNode, templateId: string): Promise<{ pdf: Buffer; scale: number }> {
  const layout = layoutMindMap(root);
  const scale = Math.min(1, MAX_SIDE_PX / layout.width, MAX_SIDE_PX / layout.height);
  const width = Math.ceil(layout.width * scale);
  const height = Math.ceil(layout.height * scale);
  const browser = await sharedBrowser();
  const context = await browser.newContext({ viewport: { width: Math.ceil(layout.width), height: 800 } });
  try {
    const page = await openMindPage(context, root, templateId);
    const pdf = await page.pdf({
      width: `${width}px`,
      height: `${height}px`,
      scale,
      printBackground: true,
      pageRanges: '1',
    });
    return { pdf, scale };
  } finally {
    await context.close();
  }
}

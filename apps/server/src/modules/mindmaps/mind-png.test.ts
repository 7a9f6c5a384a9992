import { layoutMindMap, type MindNode } from '@taxlens/shared';
import { getDocumentProxy } from 'unpdf';
import { afterAll, describe, expect, it } from 'vitest';
import { closeSharedBrowser } from '../../lib/browser.js';
import { renderMindPdf } from './mind-pdf.js';
import { renderMindPng } from './mind-png.js';

afterAll(() => closeSharedBrowser());

/** 1 root, 10 sections, 3 findings each, 8 figures each: 1 + 10 + 30 + 240 = 281 … plus 19 more figures = 300. */
function bigTree(): MindNode {
  let extra = 19;
  return {
    id: 'root',
    title: '某某大型制造有限公司 · 综合税务风险报告（2024-01至2024-12）',
    tone: 'root',
    children: Array.from({ length: 10 }, (_, s) => ({
      id: `s${s}`,
      title: `章节${s + 1}（3）`,
      tone: 'section' as const,
      children: Array.from({ length: 3 }, (_, f) => ({
        id: `s${s}.f${f}`,
        title: `发现${s + 1}-${f + 1}【中风险】`,
        tone: 'medium' as const,
        children: Array.from({ length: 8 + (extra-- > 0 ? 1 : 0) }, (_, g) => ({
          id: `s${s}.f${f}.g${g}`,
          title: `数据项${g + 1}：1,234,567.89 元`,
          tone: 'figure' as const,
          children: [],
        })),
      })),
    })),
  };
}

describe('mind-map PNG export', () => {
  it('draws a 300-node map whole: the image is the full map size, not a viewport', async () => {
    const tree = bigTree();
    const layout = layoutMindMap(tree);
    expect(layout.nodes).toHaveLength(300);
    const { png, width, height, scale } = await renderMindPng(tree, 'business');
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    // The whole map at the chosen scale in both directions (a viewport capture would be 1280×720).
    expect(scale).toBeGreaterThan(1);
    expect(Math.abs(width - Math.ceil(layout.width) * scale)).toBeLessThanOrEqual(2);
    expect(Math.abs(height - Math.ceil(layout.height) * scale)).toBeLessThanOrEqual(2);
    expect(layout.height).toBeGreaterThan(10_000);
  }, 60_000);

  it('prints a 300-node map as one vector PDF page the size of the whole map, last node included', async () => {
    const tree = bigTree();
    const layout = layoutMindMap(tree);
    const { pdf, scale } = await renderMindPdf(tree, 'business');
    expect(scale).toBe(1);
    const document = await getDocumentProxy(new Uint8Array(pdf));
    expect(document.numPages).toBe(1);
    const page = await document.getPage(1);
    const [, , width, height] = page.view as [number, number, number, number];
    // CSS px → pt is 3/4; a page cut to a paper size would be 595 × 842.
    expect(Math.abs(width - Math.ceil(layout.width) * 0.75)).toBeLessThanOrEqual(2);
    expect(Math.abs(height - Math.ceil(layout.height) * 0.75)).toBeLessThanOrEqual(2);
    const text = (await page.getTextContent()).items.map((item) => ('str' in item ? item.str : '')).join('');
    // Text stays text (vector), down to the last figure of the last finding.
    expect(text).toContain('某某大型制造有限公司');
    expect(text).toContain('发现10-3');
  }, 60_000);
});

/**
 * Mind-map export time for the largest report: a comprehensive report in which every rule of the
 * catalogue (invoice and tax) reports a finding with six figures. Times the tree, the .xmind zip,
 * the SVG, the full-resolution PNG and the one-page vector PDF (server Chromium). Figures only. Run: npx tsx bench/mind-map.ts
 */

import { closeSharedBrowser } from '../apps/server/src/lib/browser.js';
import { renderMindPdf } from '../apps/server/src/modules/mindmaps/mind-pdf.js';
import { renderMindPng } from '../apps/server/src/modules/mindmaps/mind-png.js';
import { renderMindSvg } from '../apps/server/src/modules/mindmaps/mind-svg.js';
import { buildMindTree } from '../apps/server/src/modules/mindmaps/mind-tree.js';
import { writeXmind } from '../apps/server/src/modules/mindmaps/xmind.js';
import { ruleCatalogue } from '../packages/engine/src/index.js';
import { countMindNodes } from '../packages/shared/src/index.js';

const LEVELS = ['high', 'medium', 'low', 'none'] as const;

async function timed<T>(label: string, work: () => Promise<T> | T): Promise<T> {
  const start = performance.now();
  const result = await work();
  console.log(`${label.padEnd(28)} ${(performance.now() - start).toFixed(1)} ms`);
  return result;
}

const findings = ruleCatalogue().map((rule, index) => ({
  ruleId: rule.id,
  title: rule.title,
  category: rule.category,
  level: LEVELS[index % LEVELS.length],
  figures: Array.from({ length: 6 }, (_, figure) => ({
    label: `指标${figure + 1}`,
    value: 123_456_789 + index,
    unit: 'fen',
  })),
}));
const tree = await timed('tree', () =>
  buildMindTree({
    companyName: '某某集团股份有限公司',
    reportName: '综合税务风险报告',
    periodStart: '2024-01',
    periodEnd: '2024-12',
    result: { findings },
  }),
);
console.log(`nodes                        ${countMindNodes(tree)} (${findings.length} findings)`);
const xmind = await timed('.xmind', () => writeXmind(tree, 'business'));
console.log(`.xmind size                  ${(xmind.length / 1024).toFixed(1)} KB`);
const svg = await timed('svg', () => renderMindSvg(tree, 'business'));
console.log(`svg size                     ${(svg.length / 1024).toFixed(1)} KB`);
await timed('png (first, starts Chromium)', () => renderMindPng(tree, 'business'));
const png = await timed('png (warm)', () => renderMindPng(tree, 'business'));
console.log(`png                          ${png.width}×${png.height} px, ${(png.png.length / 1024).toFixed(0)} KB`);
const pdf = await timed('pdf (warm)', () => renderMindPdf(tree, 'business'));
console.log(
  `pdf                          one page, scale ${pdf.scale.toFixed(2)}, ${(pdf.pdf.length / 1024).toFixed(0)} KB`,
);
await closeSharedBrowser();

import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { MindNode } from '@taxlens/shared';
import type { BrowserContext, Page } from 'playwright-core';
import { renderMindSvg } from './mind-svg.js';

const require = createRequire(import.meta.url);
/** The self-hosted Chinese font the web client and the report PDFs use (no system CJK font is assumed). */
const FONT_DIR = path.dirname(require.resolve('@fontsource/noto-sans-sc/package.json'));
/** A made-up origin the page loads the font from; the route below answers it from FONT_DIR. */
const FONT_ORIGIN = 'https://fonts.mind.invalid';
const FONT_FILE = /^\/(400\.css|files\/noto-sans-sc-\d+-400-normal\.woff2?)$/;

/**
 * A page holding the map's SVG drawn with Noto Sans SC: without it Chromium on a server with no
 * Chinese font draws every character as an empty box in the PNG and the PDF. Only the font subsets
 * the map's characters need are loaded (the font's unicode-range split).
 */
export async function openMindPage(context: BrowserContext, root: MindNode, templateId: string): Promise<Page> {
  const page = await context.newPage();
  await page.route(`${FONT_ORIGIN}/**`, async (route) => {
    const file = FONT_FILE.exec(new URL(route.request().url()).pathname)?.[1];
    if (!file) return route.abort();
    await route.fulfill({
      body: await readFile(path.join(FONT_DIR, file)),
      contentType: file.endsWith('.css') ? 'text/css' : file.endsWith('.woff2') ? 'font/woff2' : 'font/woff',
      headers: { 'access-control-allow-origin': '*' },
    });
  });
  const svg = renderMindSvg(root, templateId).replace(/^<\?xml[^>]*>\n/, '');
  // A CSS font-family outranks the SVG's presentation attribute, so the exported SVG file keeps its own list.
  await page.setContent(
    `<!doctype html><html><head><meta charset="utf-8"><link rel="stylesheet" href="${FONT_ORIGIN}/400.css">` +
      `<style>@page{margin:0}html,body{margin:0}svg{display:block;font-family:'Noto Sans SC',sans-serif}</style>` +
      `</head><body>${svg}</body></html>`,
    { waitUntil: 'load' },
  );
  await page.evaluate(async () => {
    await (globalThis as unknown as { document: { fonts: { ready: Promise<unknown> } } }).document.fonts.ready;
  });
  return page;
}

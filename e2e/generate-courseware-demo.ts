/**
 * Writes the demo course files of apps/server/assets/courseware (run once, output committed):
 * a short lecture PDF and a ten-second WebM video, both drawn here with the client's own font
 * (@fontsource/noto-sans-sc, a local npm file) in the test Chromium — nothing is downloaded.
 * Run: npx tsx e2e/generate-courseware-demo.ts
 */
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { resolveChromium } from './lib/chromium.js';

const require = createRequire(import.meta.url);
const OUT = path.resolve(import.meta.dirname, '../apps/server/assets/courseware');

async function main() {
  const fontFile = require.resolve('@fontsource/noto-sans-sc/files/noto-sans-sc-chinese-simplified-400-normal.woff2');
  const font = (await readFile(fontFile)).toString('base64');
  const fontFace = `@font-face { font-family: Noto; src: url(data:font/woff2;base64,${font}) format('woff2'); }`;
  const { executablePath, args } = await resolveChromium();
  const browser = await chromium.launch({ executablePath, args });
  try {
    const page = await browser.newPage();
    await page.setContent(`<html><head><style>${fontFace}
      body { font-family: Noto; margin: 48px; color: #1f2937; }
      h1 { font-size: 26px; color: #1d4ed8; } h2 { font-size: 18px; margin-top: 28px; } p, li { font-size: 14px; line-height: 1.9; }
      .page { page-break-after: always; }</style></head><body>
      <div class="page"><h1>增值税申报表与发票数据比对</h1><p>税镜赋能课程 · 第一讲讲义（演示课件）</p>
      <h2>一、为什么要做票表比对</h2><p>申报表中的销售额应当与开具发票的金额相互印证。开票金额明显高于申报销售额，常见原因是少报收入或跨期确认；申报额明显高于开票额，则可能存在未开票收入，需要核对是否已如实申报。</p>
      <h2>二、比对的基本口径</h2><ul><li>按所属期汇总销项发票的金额与税额，区分专用发票与普通发票；</li><li>与申报表附列资料（一）对应栏次逐项比较；</li><li>红字发票冲减所属期的开票金额。</li></ul></div>
      <div class="page"><h2>三、常见差异与解释</h2><ul><li>预收款已开票、尚未到纳税义务发生时间；</li><li>视同销售未开票；</li><li>简易计税与一般计税项目混合。</li></ul>
      <h2>四、练习</h2><p>取一家客户近12个月的销项发票与申报表，按月列出差异，并对差额超过5%的月份写出原因说明。</p></div>
      </body></html>`);
    await page.evaluate('document.fonts.ready');
    await writeFile(path.join(OUT, 'vat-invoice-matching.pdf'), await page.pdf({ format: 'A4' }));

    // The video: a canvas animation recorded by MediaRecorder (VP8 WebM, low bit rate, 10 s).
    await page.setContent(
      `<html><head><style>${fontFace}</style></head><body><canvas width="640" height="360"></canvas></body></html>`,
    );
    await page.evaluate("document.fonts.load('28px Noto')");
    // A string, not a function: tsx would add helpers the page does not have.
    const base64 = await page.evaluate<string>(`(async () => {
      const canvas = document.querySelector('canvas');
      const context = canvas.getContext('2d');
      const lines = ['第一步：汇总当期销项发票', '第二步：对应申报表栏次', '第三步：解释差异并留档'];
      const recorder = new MediaRecorder(canvas.captureStream(15), { mimeType: 'video/webm;codecs=vp8', videoBitsPerSecond: 120000 });
      const chunks = [];
      recorder.ondataavailable = (event) => chunks.push(event.data);
      const stopped = new Promise((resolve) => { recorder.onstop = resolve; });
      recorder.start();
      const started = performance.now();
      await new Promise((resolve) => {
        const draw = () => {
          const seconds = (performance.now() - started) / 1000;
          context.fillStyle = '#eff6ff';
          context.fillRect(0, 0, 640, 360);
          context.fillStyle = '#1d4ed8';
          context.font = '28px Noto';
          context.fillText('票表比对三步法', 40, 70);
          context.fillStyle = '#1f2937';
          context.font = '22px Noto';
          lines.slice(0, Math.min(3, Math.floor(seconds / 3) + 1)).forEach((line, index) => context.fillText(line, 60, 140 + index * 56));
          context.fillStyle = '#93c5fd';
          context.fillRect(40, 320, (560 * Math.min(seconds, 10)) / 10, 8);
          if (seconds < 10) requestAnimationFrame(draw); else resolve();
        };
        draw();
      });
      recorder.stop();
      await stopped;
      const bytes = new Uint8Array(await new Blob(chunks, { type: 'video/webm' }).arrayBuffer());
      let binary = '';
      for (const byte of bytes) binary += String.fromCharCode(byte);
      return btoa(binary);
    })()`);
    await writeFile(path.join(OUT, 'vat-invoice-matching.webm'), Buffer.from(base64, 'base64'));
  } finally {
    await browser.close();
  }
}

await main();

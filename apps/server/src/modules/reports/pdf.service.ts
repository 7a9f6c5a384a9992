import type { AddressInfo } from 'node:net';
import type { Readable } from 'node:stream';
import type { CoverTemplate } from '@taxlens/shared';
import { sql } from 'kysely';
import type { AppInstance } from '../../app.js';
import { AppError } from '../../lib/app-error.js';
import { sharedBrowser } from '../../lib/browser.js';
import { ensureSecret, signToken, verifyToken } from '../../lib/secrets.js';
import type { ReportRow } from './reports.repo.js';

const PRINT_SECRET = 'report_print_secret';
const PRINT_TOKEN_TTL_MS = 5 * 60_000;
/** Pages printed at once per process: each holds a Chromium page and a rendered report. */
const MAX_PARALLEL_PRINTS = 2;

let printing = 0;
const waiting: (() => void)[] = [];

async function withPrintSlot<T>(work: () => Promise<T>): Promise<T> {
  if (printing >= MAX_PARALLEL_PRINTS) await new Promise<void>((resolve) => waiting.push(resolve));
  printing++;
  try {
    return await work();
  } finally {
    printing--;
    waiting.shift()?.();
  }
}

const PRINT_VIEW_MOUNT_MS = 15_000;

/** The print view reads its data with this token instead of a session: Chromium is not signed in. */
export async function verifyPrintToken(app: AppInstance, reportId: number, token: string): Promise<boolean> {
  return verifyToken(await ensureSecret(app.db, PRINT_SECRET), token, `report-${reportId}`);
}

function ownAddress(app: AppInstance): string {
  const address = app.server.address() as AddressInfo | null;
  if (!address || typeof address === 'string') throw new AppError('INTERNAL', '服务未监听端口，无法生成PDF');
  return `http://127.0.0.1:${address.port}`;
}

/**
 * The report's PDF: Chromium prints the web client's own print view of the report (cover,
 * contents, findings with annotations, watermark, self-hosted Chinese font). The file is kept
 * and printed again only after the report or its annotations or watermark changed, or when it is
 * exported with another cover than the one it was printed with (the exporting user's choice).
 */
export async function reportPdf(app: AppInstance, row: ReportRow, cover: CoverTemplate): Promise<Readable> {
  if (row.status !== 'done') throw new AppError('CONFLICT', '报告生成完成后才能导出PDF');
  if (row.pdf_key && row.pdf_generated_at && row.pdf_cover_id === cover.id && (await app.storage.exists(row.pdf_key)))
    return app.storage.read(row.pdf_key);
  const token = signToken(await ensureSecret(app.db, PRINT_SECRET), `report-${row.id}`, PRINT_TOKEN_TTL_MS);
  const url = `${ownAddress(app)}/print/report/${row.id}?printToken=${encodeURIComponent(token)}&cover=${cover.id}`;
  const pdf = await withPrintSlot(async () => {
    const browser = await sharedBrowser();
    const context = await browser.newContext({ locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
    try {
      const page = await context.newPage();
      // The print view's own ready signal (below) covers its data, fonts, images and charts; waiting
      // for network idle as well only added its 500 ms quiet window to every PDF (issue 21).
      await page.goto(url, { waitUntil: 'domcontentloaded', timeout: 60_000 });
      // The print view shows itself (loading, drawn or its error) at once; anything else (a stale web
      // build, the 404 page) would only time out a minute later.
      await page.waitForSelector('.tl-print, .tl-print-message', { timeout: PRINT_VIEW_MOUNT_MS }).catch(() => {
        throw new AppError('INTERNAL', '报告打印页面未能打开，请稍后重试');
      });
      // The print view sets __PRINT_READY__ once its data, fonts and charts are drawn, or
      // __PRINT_ERROR__ with the reason when it cannot draw the report: then give up at once.
      // Functions, not expression strings: the page's CSP (script-src 'self') refuses the eval a string
      // predicate needs, which failed the print at random.
      await page.waitForFunction(
        () => {
          const marks = globalThis as { __PRINT_READY__?: boolean; __PRINT_ERROR__?: unknown };
          return marks.__PRINT_READY__ === true || Boolean(marks.__PRINT_ERROR__);
        },
        null,
        { timeout: 60_000 },
      );
      const printError = await page.evaluate(
        () => (globalThis as { __PRINT_ERROR__?: unknown }).__PRINT_ERROR__ ?? null,
      );
      if (printError) throw new AppError('CONFLICT', `该报告暂不支持导出PDF：${String(printError)}`);
      return await page.pdf({
        format: 'A4',
        printBackground: true,
        displayHeaderFooter: true,
        // ASCII only: header and footer render with system fonts, which may have no CJK glyphs.
        headerTemplate: '<span></span>',
        footerTemplate:
          '<div style="width:100%;font-size:8px;color:#888;text-align:center;"><span class="pageNumber"></span> / <span class="totalPages"></span></div>',
        margin: { top: '14mm', bottom: '16mm', left: '12mm', right: '12mm' },
      });
    } finally {
      await context.close();
    }
  });
  const key = `reports/${row.group_id}/${row.id}.pdf`;
  await app.storage.put(key, pdf);
  await app.db
    .updateTable('reports')
    .set({ pdf_key: key, pdf_generated_at: sql`now()`, pdf_cover_id: cover.id })
    .where('id', '=', row.id)
    .execute();
  return app.storage.read(key);
}

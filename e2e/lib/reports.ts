import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { extractText, getDocumentProxy } from 'unpdf';
import { apiData } from './api.js';

/** Types a range into the request page's period picker (months, or years for the tax reports). */
export async function setReportPeriod(page: Page, start: string, end: string): Promise<void> {
  const inputs = page.getByTestId('ticket-period');
  await inputs.nth(0).click();
  await inputs.nth(0).fill(start);
  await inputs.nth(0).press('Enter');
  await inputs.nth(1).fill(end);
  await inputs.nth(1).press('Enter');
  await page.keyboard.press('Escape');
  assert.equal(await inputs.nth(0).inputValue(), start);
  assert.equal(await inputs.nth(1).inputValue(), end);
}

/**
 * Waits for the "report ready" pop-up and keeps the pointer on it: the pop-up closes itself after
 * 5 s (spec §4) unless hovered, and a slow machine can spend that long on the checks between.
 */
export async function holdReportNotification(page: Page, title: string, timeout: number): Promise<Locator> {
  const popup = page.getByTestId('report-notification').filter({ hasText: title });
  await popup.waitFor({ timeout });
  await popup.hover();
  return popup;
}

export interface DownloadedPdf {
  text: string;
  pages: number;
  /** From the click to the saved file. */
  ms: number;
  file: string;
}

/** Clicks 导出PDF on the open report, saves the file into `dir` and reads its text. */
export async function downloadReportPdf(page: Page, dir: string): Promise<DownloadedPdf> {
  const started = Date.now();
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 80_000 }),
    page
      .getByTestId('report-cover')
      .getByRole('button', { name: /导出PDF/ })
      .click(),
  ]);
  const file = path.join(dir, `${Date.now()}-${download.suggestedFilename()}`);
  await download.saveAs(file);
  const ms = Date.now() - started;
  const pdf = await getDocumentProxy(new Uint8Array(readFileSync(file)));
  const { text, totalPages } = await extractText(pdf, { mergePages: true });
  return { text, pages: totalPages, ms, file };
}

/** Polls a report through the API until it is done (fails at once when it failed). */
export async function waitReportDone(token: string, id: number, timeoutMs = 90_000): Promise<void> {
  for (let waited = 0; waited < timeoutMs; waited += 500) {
    const detail = await apiData<{ status: string }>(`/ReportPool/detail?id=${id}`, { token });
    if (detail.status === 'done') return;
    assert.notEqual(detail.status, 'failed');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  assert.fail(`report not done in ${timeoutMs / 1000} s`);
}

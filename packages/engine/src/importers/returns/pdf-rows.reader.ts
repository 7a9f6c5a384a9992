/**
 * The text layer of a PDF (the e-tax bureau's return PDFs) as rows of positioned words, read with
 * unpdf (pdf.js). Words on one baseline form a row, left to right; a scanned PDF has no text
 * layer and gives no rows, which the caller reports.
 */
import { getDocumentProxy } from 'unpdf';
import type { FormRow } from './official-form.reader.js';

export interface PdfPage {
  name: string;
  rows: FormRow[];
}

interface TextItem {
  str: string;
  transform: number[];
  width: number;
}

/** Words whose baselines differ by less than this (points) are on one row. */
const SAME_LINE = 2.5;

export class PdfUnreadableError extends Error {
  override readonly name = 'PdfUnreadableError';
}

export async function readPdfRows(bytes: Uint8Array): Promise<PdfPage[]> {
  let document: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    // pdf.js takes ownership of the buffer it is given; hand it a copy.
    document = await getDocumentProxy(new Uint8Array(bytes));
  } catch (error) {
    throw new PdfUnreadableError(error instanceof Error ? error.message : String(error));
  }
  const pages: PdfPage[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const page = await document.getPage(number);
    const content = await page.getTextContent();
    const words = (content.items as TextItem[])
      .filter((item) => typeof item.str === 'string' && item.str.trim() !== '')
      .map((item) => ({
        text: item.str.trim(),
        x: (item.transform[4] ?? 0) + item.width / 2,
        y: item.transform[5] ?? 0,
      }))
      .sort((a, b) => b.y - a.y || a.x - b.x);
    const rows: FormRow[] = [];
    let lastY = Number.NaN;
    for (const word of words) {
      if (!(Math.abs(word.y - lastY) < SAME_LINE)) {
        rows.push({ number: rows.length + 1, tokens: [] });
        lastY = word.y;
      }
      rows.at(-1)?.tokens.push({ x: word.x, text: word.text, raw: word.text });
    }
    for (const row of rows) row.tokens.sort((a, b) => a.x - b.x);
    pages.push({ name: `第${number}页`, rows });
  }
  await document.destroy();
  return pages;
}

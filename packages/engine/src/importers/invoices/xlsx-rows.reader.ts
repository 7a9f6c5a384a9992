/**
 * Rows of every sheet of an xlsx, read fast: the zip is taken whole (an export of 100 000 lines is
 * about 20 MB), its small parts (relations, workbook, styles) go through exceljs's own parsers, and
 * the shared strings and worksheets through a plain XML scan that yields the cells exceljs's
 * streaming reader would (xlsx-sheet.handlers.ts), in the order it would: a worksheet stored after
 * the shared strings and relations comes at once, the others after the last entry. Worksheets are
 * inflated in chunks, so the sheet text is never held whole. The exceljs reader took 4–5× the CPU
 * (saxes events and a Row/Cell object per cell, most of it garbage); it still reads any zip this
 * one does not take (ZIP64, encryption, another compression, parts in an order it cannot mirror).
 */
import { createRequire } from 'node:module';
import { Readable } from 'node:stream';
import { exceljsRows, guard } from './exceljs-rows.reader.js';
import type { SheetEvent } from './sheet-events.js';
import { type CellStyles, SharedStringsHandler, SheetHandler, sharedCells } from './xlsx-sheet.handlers.js';
import { CellTextCache } from './xlsx-text.cache.js';
import { XmlByteScanner } from './xml-bytes.scanner.js';
import { entryBytes, entryChunks, type ZipEntry, zipEntries } from './zip-archive.js';

export type { SheetEvent, SheetRow } from './sheet-events.js';

const fromExceljs = createRequire(createRequire(import.meta.url).resolve('exceljs'));
interface Xform<T> {
  parseStream(stream: AsyncIterable<unknown>): Promise<T>;
}
const StyleManager = fromExceljs('./lib/xlsx/xform/style/styles-xform.js') as new () => Xform<unknown> &
  CellStyles & { init(): void };
const WorkbookXform = fromExceljs('./lib/xlsx/xform/book/workbook-xform.js') as new () => Xform<unknown> & {
  model?: { sheets?: { rId: string; name: string }[] };
  map: { workbookPr: { model?: { date1904?: boolean } } };
};
const RelationshipsXform = fromExceljs('./lib/xlsx/xform/core/relationships-xform.js') as new () => Xform<
  { Id: string; Target: string }[]
>;

const SHEET = /xl\/worksheets\/sheet(\d+)[.]xml/;

async function* once(bytes: Buffer): AsyncGenerator<Buffer> {
  yield bytes;
}

async function readAll(source: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of source) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

interface Plan {
  /** Worksheets in the order exceljs would emit them. */
  sheets: { entry: ZipEntry; number: string }[];
  parts: { rels?: ZipEntry; workbook?: ZipEntry; styles?: ZipEntry; strings?: ZipEntry };
}

/**
 * The order exceljs's WorkbookReader handles the entries in, or null when a worksheet would be
 * read before the workbook or styles part it needs (exceljs then reads it without them; rare
 * enough to leave to exceljs itself).
 */
function planOf(entries: ZipEntry[]): Plan | null {
  const parts: Plan['parts'] = {};
  const now: Plan['sheets'] = [];
  const later: Plan['sheets'] = [];
  for (const entry of entries) {
    if (entry.name === 'xl/_rels/workbook.xml.rels') parts.rels = entry;
    else if (entry.name === 'xl/workbook.xml') parts.workbook = entry;
    else if (entry.name === 'xl/sharedStrings.xml') parts.strings = entry;
    else if (entry.name === 'xl/styles.xml') parts.styles = entry;
    else {
      const match = SHEET.exec(entry.name);
      if (!match) continue;
      const sheet = { entry, number: match[1] as string };
      if (parts.strings && parts.rels) {
        if (!parts.workbook || !parts.styles) return null;
        now.push(sheet);
      } else {
        later.push(sheet);
      }
    }
  }
  if (!parts.workbook) return null;
  return { sheets: [...now, ...later], parts };
}

async function parsePart<T extends Xform<unknown>>(xform: T, zip: Buffer, entry: ZipEntry): Promise<T> {
  await xform.parseStream(once(entryBytes(zip, entry)));
  return xform;
}

export async function* xlsxRows(source: Readable): AsyncGenerator<SheetEvent> {
  const zip = await readAll(source);
  const entries = zipEntries(zip);
  const plan = entries && planOf(entries);
  if (!plan) {
    yield* exceljsRows(Readable.from(once(zip)));
    return;
  }
  const { parts } = plan;
  const { rels, workbook, styles, strings } = await guard(
    (async () => {
      const relsModel = parts.rels ? await new RelationshipsXform().parseStream(once(entryBytes(zip, parts.rels))) : [];
      const book = await parsePart(new WorkbookXform(), zip, parts.workbook as ZipEntry);
      let manager: CellStyles;
      if (parts.styles) manager = await parsePart(new StyleManager(), zip, parts.styles);
      else {
        const fresh = new StyleManager();
        fresh.init();
        manager = fresh;
      }
      let shared: SharedStringsHandler | undefined;
      if (parts.strings) {
        shared = new SharedStringsHandler();
        const scanner = new XmlByteScanner(shared);
        scanner.write(entryBytes(zip, parts.strings));
        scanner.end();
      }
      return { rels: relsModel ?? [], workbook: book, styles: manager, strings: shared };
    })(),
  );
  const cells = strings ? sharedCells(strings.items) : undefined;
  const date1904 = Boolean(workbook.map.workbookPr.model?.date1904);
  const texts = new CellTextCache();
  let sheetNumber = 0;
  for (const sheet of plan.sheets) {
    sheetNumber += 1;
    const rel = rels.find((item) => item.Target === `worksheets/sheet${sheet.number}.xml`);
    const named = rel && (workbook.model?.sheets ?? []).find((item) => item.rId === rel.Id);
    yield { type: 'sheet', name: named?.name ?? `Sheet${sheetNumber}` };
    const handler = new SheetHandler(cells, styles, date1904, texts);
    const scanner = new XmlByteScanner(handler);
    const chunks = entryChunks(zip, sheet.entry);
    for (;;) {
      const next = await guard(chunks.next());
      if (next.done) break;
      await guard(Promise.resolve().then(() => scanner.write(next.value)));
      if (handler.rows.length > 0) {
        const rows = handler.rows;
        handler.rows = [];
        yield { type: 'rows', rows };
      }
    }
    await guard(Promise.resolve().then(() => scanner.end()));
    if (handler.rows.length > 0) yield { type: 'rows', rows: handler.rows };
  }
}

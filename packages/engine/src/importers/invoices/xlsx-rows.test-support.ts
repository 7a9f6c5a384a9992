/** The fast xlsx reader against the exceljs reference, for the reader's tests. */
import { Readable } from 'node:stream';
import { expect } from 'vitest';
import { exceljsRows } from './exceljs-rows.reader.js';
import type { SheetEvent } from './sheet-events.js';
import { xlsxRows } from './xlsx-rows.reader.js';

export async function collect(events: AsyncGenerator<SheetEvent>): Promise<unknown[]> {
  const out: unknown[] = [];
  for await (const event of events) {
    if (event.type === 'sheet') out.push(event);
    else out.push(...event.rows);
  }
  return out;
}

/** Both readers give the same sheets, rows and cells, types included; answers the rows. */
export async function expectSameRows(buffer: Buffer): Promise<unknown[]> {
  const fast = await collect(xlsxRows(Readable.from([buffer])));
  const reference = await collect(exceljsRows(Readable.from([buffer])));
  expect(fast).toEqual(reference);
  // toEqual treats a Date and a number alike only if they are equal objects; check types too.
  expect(fast.map((item) => JSON.stringify(item))).toEqual(reference.map((item) => JSON.stringify(item)));
  return fast;
}

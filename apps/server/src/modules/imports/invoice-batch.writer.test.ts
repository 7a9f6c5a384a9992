/**
 * The direct way of storing an import's batches (straight COPY into the tables when the company
 * had nothing stored) against the careful way (upserts): the same rows whatever the batches
 * repeat, and a concurrent import that stored a key first sends the file the careful way.
 */
import { Readable } from 'node:stream';
import { readInvoiceExport } from '@taxlens/engine';
import { writeInvoiceExportFixture } from '@taxlens/engine/fixtures';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.js';
import type { FileStorage } from '../../lib/storage.js';
import { withImportTransaction } from './import-connection.js';
import { prepareState } from './invoice-batch.prepare.js';
import { type InvoiceBatch, InvoiceBatchWriter, isDirectConflict } from './invoice-batch.writer.js';
import { processImport } from './jobs/process-import.job.js';

let ctx: TestContext;
let fixture: Awaited<ReturnType<typeof writeInvoiceExportFixture>>;
let batches: InvoiceBatch[];
let withInvoices: InvoiceBatch;
let companyCounter = 0;

/** A company of the demo group; `own`: with the fixture's tax number (the importer checks it). */
async function newCompany(own = false): Promise<number> {
  companyCounter += 1;
  const row = await ctx.db
    .insertInto('companies')
    .values({
      group_id: 1,
      taxpayer_name: `${fixture.company.name}${companyCounter}`,
      tax_no: own ? fixture.company.taxNo : `91310000MA${String(companyCounter).padStart(7, '0')}X`,
      created_by: 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function newImport(companyId: number, storedKey = 'imports/1/batches.csv'): Promise<number> {
  const row = await ctx.db
    .insertInto('imports')
    .values({
      group_id: 1,
      company_id: companyId,
      kind: 'invoice',
      file_name: '全量发票查询.csv',
      file_size: (fixture.buffer as Buffer).length,
      file_sha256: 'a'.repeat(64),
      stored_key: storedKey,
      summary: '{}',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Every stored row of the company, without ids, company and import (those differ by company). */
async function dump(companyId: number): Promise<string[]> {
  const { rows } = await sql<{ line: string }>`
    SELECT line FROM (
      SELECT (to_jsonb(i) - 'id' - 'company_id' - 'import_id')::text AS line FROM invoices i WHERE company_id = ${companyId}
      UNION ALL
      SELECT (to_jsonb(l) - 'id' - 'company_id' - 'import_id')::text FROM invoice_lines l WHERE company_id = ${companyId}
      UNION ALL
      SELECT (to_jsonb(d) - 'id' - 'company_id' - 'import_id')::text FROM invoice_details d WHERE company_id = ${companyId}
      UNION ALL
      SELECT 'held ' || invoice_key FROM import_invoices WHERE company_id = ${companyId}
    ) dumped ORDER BY line`.execute(ctx.db);
  return rows.map((row) => row.line);
}

async function storeAll(companyId: number, direct: boolean) {
  const scope = { groupId: 1, companyId, importId: await newImport(companyId) };
  return withImportTransaction(ctx.db, async (tx, client) => {
    const writer = await InvoiceBatchWriter.open(tx, client, scope, direct);
    const state = prepareState('csv');
    for (const batch of batches) await writer.store(batch, state);
    return { counts: writer.counts, batches: writer.batches };
  });
}

beforeAll(async () => {
  ctx = await createTestContext();
  fixture = await writeInvoiceExportFixture(
    { seed: 7_117, lineCount: 240, months: 2, redShare: 0.1, voidShare: 0.05, format: 'csv' },
    'buffer',
  );
  batches = [];
  for await (const batch of readInvoiceExport(
    { stream: Readable.from([fixture.buffer as Buffer]) },
    { format: 'csv', companyTaxNo: fixture.company.taxNo, companyName: fixture.company.name, batchSize: 60 },
  )) {
    batches.push({ invoices: batch.invoices, lines: batch.lines, details: batch.details });
  }
  // A csv gives its lines first and the invoices at the end.
  withInvoices = batches.find((batch) => batch.invoices.length > 5) as InvoiceBatch;
  const withLines = batches.find((batch) => batch.lines.length > 7) as InvoiceBatch;
  // A later batch naming invoices and lines again, changed (a file that lists them twice).
  batches.push({
    invoices: withInvoices.invoices.slice(0, 5).map((invoice) => ({ ...invoice, status: 'void', statusText: '作废' })),
    lines: withLines.lines.slice(0, 7).map((line) => ({ ...line, amountFen: line.amountFen + 100 })),
    details: [],
  });
}, 60_000);
afterAll(() => ctx.close());

describe('storing an import’s batches', () => {
  it('copies straight into an empty company and stores the very rows the upserts store', async () => {
    expect(batches.length).toBeGreaterThan(3);
    const carefulCompany = await newCompany();
    const careful = await storeAll(carefulCompany, false);
    const directCompany = await newCompany();
    const direct = await storeAll(directCompany, true);
    expect(careful.batches).toEqual({ direct: 0, careful: batches.length });
    // The batch that repeats keys of the first is merged by the upserts.
    expect(direct.batches).toEqual({ direct: batches.length - 1, careful: 1 });
    expect(direct.counts).toEqual(careful.counts);
    expect(await dump(directCompany)).toEqual(await dump(carefulCompany));
    const voided = await ctx.db
      .selectFrom('invoices')
      .select('status')
      .where('company_id', '=', directCompany)
      .where('key', '=', withInvoices.invoices[0]?.key ?? '')
      .executeTakeFirstOrThrow();
    expect(voided.status).toBe('void');
  });

  it('takes the careful way for a company that already has invoices', async () => {
    const companyId = await newCompany();
    await storeAll(companyId, true);
    const again = await storeAll(companyId, true);
    expect(again.batches.direct).toBe(0);
    expect(again.counts.invoicesNew).toBe(0);
  });

  it('fails a direct batch on unique_violation when another import stored one of its keys first', async () => {
    const companyId = await newCompany();
    const scope = { groupId: 1, companyId, importId: await newImport(companyId) };
    const error = await withImportTransaction(ctx.db, async (tx, client) => {
      const writer = await InvoiceBatchWriter.open(tx, client, scope, true);
      // Committed by another connection after the writer found the company empty.
      await storeOne(companyId, withInvoices.invoices[3]?.key ?? '');
      return writer.store(withInvoices, prepareState('csv'));
    }).catch((caught: unknown) => caught);
    expect(String(error)).toContain('duplicate key');
    expect(isDirectConflict(error)).toBe(true);
  });

  it('stores the file again with upserts when a concurrent import wins a key, and finishes done', async () => {
    const companyId = await newCompany(true);
    const key = withInvoices.invoices[0]?.key ?? '';
    const importId = await newImport(companyId, 'imports/1/race.csv');
    let reads = 0;
    // The other import commits its invoice once this one has begun reading the file.
    const storage = {
      async read() {
        reads += 1;
        const first = reads === 1;
        return Readable.from(
          (async function* () {
            if (first) await storeOne(companyId, key);
            yield fixture.buffer as Buffer;
          })(),
        );
      },
    } as unknown as FileStorage;
    await processImport({ db: ctx.db, storage, log: () => {} }, importId);
    const row = await ctx.db.selectFrom('imports').selectAll().where('id', '=', importId).executeTakeFirstOrThrow();
    expect(row.status, row.message ?? '').toBe('done');
    expect(reads).toBe(2);
    const summary = row.summary as Record<string, number>;
    expect(summary.invoicesUpdated).toBe(1);
    expect(summary.invoicesNew).toBe(fixture.invoiceCount - 1);
    const taken = await ctx.db
      .selectFrom('invoices')
      .select(['import_id', 'seller_name'])
      .where('company_id', '=', companyId)
      .where('key', '=', key)
      .executeTakeFirstOrThrow();
    expect(taken.import_id).toBe(importId);
    expect(taken.seller_name).toBe('另一次导入');
  });
});

/** An invoice of the company committed by another connection, as a concurrent import would. */
async function storeOne(companyId: number, key: string): Promise<void> {
  await ctx.db
    .insertInto('invoices')
    .values({
      group_id: 1,
      company_id: companyId,
      key,
      direction: 'sales',
      seller_tax_no: fixture.company.taxNo,
      seller_name: '另一次导入',
      buyer_tax_no: '91110000100000000X',
      buyer_name: '购买方',
      issued_at: new Date('2024-01-05T10:00:00'),
      has_time: true,
      amount_fen: 100,
      tax_fen: 13,
      total_fen: 113,
      is_special: false,
      status: 'normal',
      is_positive: true,
    })
    .execute();
}

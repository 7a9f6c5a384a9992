import { buildInvoiceReport } from '@taxlens/engine';
import { writeInvoiceExportFixture } from '@taxlens/engine/fixtures';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.js';
import { uploadFile } from '../../../test/uploads.js';
import type { DbOrTx } from '../../db/kysely.js';
import { loadInvoiceReportInput } from './kinds/invoice-input.js';
import { loadInvoices } from './report-data.repo.js';

let ctx: TestContext;
let main: string;
let firmId: number;

async function importCsv(seed: number, startMonth: string, months: number) {
  const file = await writeInvoiceExportFixture(
    { seed, startMonth, months, invoiceCount: 300, redShare: 0.05, voidShare: 0.05, format: 'csv' },
    'buffer',
  );
  const answer = await uploadFile(
    ctx,
    main,
    { firmId: String(firmId), kind: 'invoice' },
    { filename: `发票${seed}.csv`, content: file.buffer as Buffer },
  );
  expect(answer.data?.status, JSON.stringify(answer)).toBe('done');
  return answer.data.importId as number;
}

async function snapshotIds(): Promise<number[]> {
  const { rows } = await sql<{ import_id: number }>`
    SELECT import_id FROM invoice_import_snapshots WHERE company_id = ${firmId} ORDER BY import_id`.execute(ctx.db);
  return rows.map((row) => row.import_id);
}

async function reportFrom(db: DbOrTx, periodStart: string, periodEnd: string) {
  const company = await db.selectFrom('companies').selectAll().where('id', '=', firmId).executeTakeFirstOrThrow();
  const input = await loadInvoiceReportInput({
    db,
    company: {
      id: company.id,
      taxNo: company.tax_no,
      name: company.taxpayer_name,
      industryCode: company.industry_code,
      industryName: company.industry_name,
      regionCode: company.region_code,
      taxpayerType: company.taxpayer_type,
      accountingStandard: company.accounting_standard,
      invoiceLimitFen: company.invoice_limit_fen,
      registeredCapitalFen: company.registered_capital_fen,
    },
    periodStart,
    periodEnd,
  });
  return { data: await loadInvoices(db, firmId, periodStart, periodEnd), report: buildInvoiceReport(input) };
}

/** The period read with the snapshots, and read from the tables alone (snapshots dropped in a rolled-back transaction). */
async function bothWays(periodStart: string, periodEnd: string) {
  const withSnapshots = await reportFrom(ctx.db, periodStart, periodEnd);
  let fromTables: typeof withSnapshots | undefined;
  await ctx.db
    .transaction()
    .execute(async (tx) => {
      await sql`DELETE FROM invoice_import_snapshots WHERE company_id = ${firmId}`.execute(tx);
      fromTables = await reportFrom(tx, periodStart, periodEnd);
      throw new Error('roll back');
    })
    .catch((error: Error) => expect(error.message).toBe('roll back'));
  return { withSnapshots, fromTables: fromTables! };
}

beforeAll(async () => {
  ctx = await createTestContext({ workers: true });
  main = await ctx.login('13800000001');
  // Every seed's export is of the fixture's default company.
  const { company } = await writeInvoiceExportFixture({ seed: 31, invoiceCount: 1, format: 'csv' }, 'buffer');
  const bound = await ctx.call('POST', '/api/CsbFirmCertification/bindFirm', {
    token: main,
    body: { taxpayerName: company.name, taxNo: company.taxNo },
  });
  firmId = bound.data.firmId;
});
afterAll(() => ctx.close());

describe('invoice snapshots of imports (issue 21)', () => {
  let first: number;
  let second: number;

  it('keeps a snapshot of a fresh import, and the report read through it equals the report from the tables', async () => {
    first = await importCsv(31, '2025-01', 6);
    second = await importCsv(32, '2025-05', 6);
    expect(await snapshotIds()).toEqual([first, second]);
    for (const [start, end] of [
      ['2025-01', '2025-10'],
      ['2025-03', '2025-06'],
      ['2025-07', '2025-12'],
    ] as const) {
      const { withSnapshots, fromTables } = await bothWays(start, end);
      expect(withSnapshots.data.invoices.length).toBeGreaterThan(0);
      expect(withSnapshots.data).toEqual(fromTables.data);
      expect(withSnapshots.report).toEqual(fromTables.report);
    }
  });

  it('drops the snapshot of an import whose invoices a later import takes over, and still reads the same', async () => {
    // The same file again: every invoice is updated and its lines replaced, so neither import keeps one.
    await importCsv(31, '2025-01', 6);
    expect(await snapshotIds()).toEqual([second]);
    const { withSnapshots, fromTables } = await bothWays('2025-01', '2025-10');
    expect(withSnapshots.data).toEqual(fromTables.data);
    expect(withSnapshots.report).toEqual(fromTables.report);
  });

  it('drops the snapshot with its import when the import is deleted', async () => {
    const removed = await ctx.call('POST', '/api/CsbFirmCertification/deleteImport', {
      token: main,
      body: { importId: second },
    });
    expect(removed.code, removed.msg).toBe(0);
    expect(await snapshotIds()).toEqual([]);
    const { withSnapshots, fromTables } = await bothWays('2025-01', '2025-10');
    expect(withSnapshots.data).toEqual(fromTables.data);
    expect(withSnapshots.data.invoices.length).toBeGreaterThan(0);
  });
});

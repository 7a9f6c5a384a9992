/**
 * What an invoice import stores, byte for byte: a dump of every row it wrote (invoices, lines,
 * special-business details, holdings), hashed and compared with the hash the importer produced
 * before the write path and the xlsx reader were rewritten for speed (issue 21). A real-shaped
 * xlsx first, then a csv of overlapping invoices as a re-import (updates, replaced lines), then
 * a bad file that must change nothing. On a mismatch, `STORED_ROWS_DUMP=<dir>` writes the dumps.
 */
import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { writeInvoiceExportFixture } from '@taxlens/engine/fixtures';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.js';
import { uploadFile } from '../../../test/uploads.js';

let ctx: TestContext;
let token: string;
let firmId: number;
const base = '/api/CsbFirmCertification';

/** Columns that identify storage rather than content (ids, the company) are left out; import ids become ordinals. */
async function dump(companyId: number): Promise<string> {
  const { rows } = await sql<{ line: string }>`
    WITH held AS (
      SELECT id, row_number() OVER (ORDER BY id) AS ordinal FROM imports WHERE company_id = ${companyId}
    )
    SELECT line FROM (
      SELECT 'i' AS t, i.key AS k, 0 AS n, '' AS b,
        (to_jsonb(i) - 'id' - 'group_id' - 'company_id' - 'import_id' || jsonb_build_object('imp', h.ordinal))::text AS line
      FROM invoices i LEFT JOIN held h ON h.id = i.import_id WHERE i.company_id = ${companyId}
      UNION ALL
      SELECT 'l', l.invoice_key, l.line_no, '',
        (to_jsonb(l) - 'id' - 'group_id' - 'company_id' - 'import_id' || jsonb_build_object('imp', h.ordinal))::text
      FROM invoice_lines l LEFT JOIN held h ON h.id = l.import_id WHERE l.company_id = ${companyId}
      UNION ALL
      SELECT 'd', d.invoice_key, d.row_no, d.business,
        (to_jsonb(d) - 'id' - 'group_id' - 'company_id' - 'import_id' || jsonb_build_object('imp', h.ordinal))::text
      FROM invoice_details d LEFT JOIN held h ON h.id = d.import_id WHERE d.company_id = ${companyId}
      UNION ALL
      SELECT 'h', x.invoice_key, h.ordinal::int, '', jsonb_build_object('k', x.invoice_key, 'imp', h.ordinal)::text
      FROM import_invoices x JOIN held h ON h.id = x.import_id WHERE x.company_id = ${companyId}
    ) dumped
    ORDER BY t, k, n, b, line`.execute(ctx.db);
  return rows.map((row) => row.line).join('\n');
}

async function hashOf(label: string): Promise<{ rows: number; sha256: string }> {
  const text = await dump(firmId);
  if (process.env.STORED_ROWS_DUMP) {
    await mkdir(process.env.STORED_ROWS_DUMP, { recursive: true });
    await writeFile(path.join(process.env.STORED_ROWS_DUMP, `${label}.txt`), text);
  }
  return { rows: text === '' ? 0 : text.split('\n').length, sha256: createHash('sha256').update(text).digest('hex') };
}

/** What the import answered it stored (new and updated invoices and lines, special-business rows). */
const countsOf = (summary: Record<string, number>) => ({
  invoicesNew: summary.invoicesNew,
  invoicesUpdated: summary.invoicesUpdated,
  linesNew: summary.linesNew,
  linesUpdated: summary.linesUpdated,
  details: summary.details,
});

beforeAll(async () => {
  ctx = await createTestContext({ workers: true });
  token = await ctx.login('13800000001');
}, 60_000);
afterAll(() => ctx.close());

describe('rows stored by an invoice import', () => {
  // Two store batches (5 000 rows each) and more, so rows cross batch boundaries.
  const options = { seed: 424_242, lineCount: 12_000, months: 6, redShare: 0.05, voidShare: 0.03, purchaseShare: 0.4 };

  it('a real-shaped xlsx, then an overlapping csv re-import, store exactly the rows they stored before', async () => {
    const xlsx = await writeInvoiceExportFixture(
      { ...options, format: 'xlsx', oldStyleShare: 0.3, realShape: true },
      'buffer',
    );
    const bound = await ctx.call('POST', `${base}/bindFirm`, {
      token,
      body: { taxpayerName: xlsx.company.name, taxNo: xlsx.company.taxNo },
    });
    firmId = bound.data.firmId;
    const first = await uploadFile(
      ctx,
      token,
      { firmId: String(firmId), kind: 'invoice' },
      { filename: '全量发票查询.xlsx', content: xlsx.buffer as Buffer },
    );
    expect(first.data.status, first.data.message).toBe('done');
    expect.soft(countsOf(first.data.summary)).toEqual({
      invoicesNew: 4_077,
      invoicesUpdated: 0,
      linesNew: 12_000,
      linesUpdated: 0,
      details: 1_262,
    });
    expect.soft(await hashOf('after-xlsx')).toEqual({
      rows: 21_416,
      sha256: '6451973cf365b09503e4c27002168cc633e41b221ac27227f98ad96644c6f572',
    });

    // Same invoices (same seed) as a csv without the special sheets and with a different share of
    // old-system numbers: the invoices it names are updated and their lines replaced.
    const csv = await writeInvoiceExportFixture({ ...options, format: 'csv', oldStyleShare: 0.3 }, 'buffer');
    const second = await uploadFile(
      ctx,
      token,
      { firmId: String(firmId), kind: 'invoice' },
      { filename: '全量发票查询.csv', content: csv.buffer as Buffer },
    );
    expect(second.data.status, second.data.message).toBe('done');
    expect.soft(countsOf(second.data.summary)).toEqual({
      invoicesNew: 0,
      invoicesUpdated: 4_067,
      linesNew: 2,
      linesUpdated: 11_998,
      details: 0,
    });
    expect.soft(await hashOf('after-csv')).toEqual({
      rows: 25_483,
      sha256: '24a12ddd2f0a2123fead457ee831ed7dc3695f904459201e40b7ac2c0bb592e4',
    });
  }, 180_000);

  it('a file with one bad row changes no stored row', async () => {
    const before = await hashOf('before-bad');
    const csv = await writeInvoiceExportFixture({ ...options, lineCount: 9_000, format: 'csv' }, 'buffer');
    const lines = (csv.buffer as Buffer).toString('utf8').split(/\r?\n/);
    const header = lines.findIndex((line) => line.includes('价税合计'));
    const amountColumn = (lines[header] as string).split(',').findIndex((cell) => cell.replace(/"/g, '') === '金额');
    // Far enough down that earlier batches were already written inside the transaction.
    const bad = header + 8_000;
    const cells = (lines[bad] as string).split(',');
    cells[amountColumn] = '"十二元"';
    lines[bad] = cells.join(',');
    const answer = await uploadFile(
      ctx,
      token,
      { firmId: String(firmId), kind: 'invoice' },
      { filename: '有错误.csv', content: Buffer.from(lines.join('\r\n')) },
    );
    expect(answer.data.status).toBe('rejected');
    expect.soft(await hashOf('after-bad')).toEqual(before);
  }, 120_000);
});

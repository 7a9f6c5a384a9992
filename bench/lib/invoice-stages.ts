/**
 * Where the INVOICE report's time goes, measured beside the product on its own database: reading
 * the period (through the imports' snapshots, then from the tables alone as before issue 21's
 * change, in a transaction rolled back), the rest of the input, the rules, and the sources query.
 * Medians of a few runs, wall and Node CPU.
 */
import { buildInvoiceReport } from '@taxlens/engine';
import { sql } from 'kysely';
import { createDb, type DbOrTx } from '../../apps/server/src/db/kysely.js';
import { loadInvoiceReportInput } from '../../apps/server/src/modules/reports/kinds/invoice-input.js';
import { invoiceSources, loadInvoices } from '../../apps/server/src/modules/reports/report-data.repo.js';

const RUNS = 3;

async function timed(run: () => unknown): Promise<string> {
  const walls: number[] = [];
  const cpus: number[] = [];
  for (let index = 0; index < RUNS; index += 1) {
    const wall = performance.now();
    const cpu = process.cpuUsage();
    await run();
    const used = process.cpuUsage(cpu);
    walls.push(performance.now() - wall);
    cpus.push((used.user + used.system) / 1000);
  }
  const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  return `${median(walls).toFixed(0)} ms (Node CPU ${median(cpus).toFixed(0)} ms)`;
}

export async function invoiceStages(databaseUrl: string, companyId: number, periodStart: string, periodEnd: string) {
  const { db } = createDb(databaseUrl, 4);
  try {
    const row = await db.selectFrom('companies').selectAll().where('id', '=', companyId).executeTakeFirstOrThrow();
    const company = {
      id: row.id,
      taxNo: row.tax_no,
      name: row.taxpayer_name,
      industryCode: row.industry_code,
      industryName: row.industry_name,
      regionCode: row.region_code,
      taxpayerType: row.taxpayer_type,
      accountingStandard: row.accounting_standard,
      invoiceLimitFen: row.invoice_limit_fen,
      registeredCapitalFen: row.registered_capital_fen,
    };
    const read = (handle: DbOrTx) => () => loadInvoices(handle, companyId, periodStart, periodEnd);
    const snapshots = await timed(read(db));
    let tables = '';
    await db
      .transaction()
      .execute(async (tx) => {
        await sql`DELETE FROM invoice_import_snapshots WHERE company_id = ${companyId}`.execute(tx);
        tables = await timed(read(tx));
        throw new Error('roll back');
      })
      .catch(() => {});
    const current = await loadInvoices(db, companyId, periodStart, periodEnd);
    const context = { db, company, periodStart, periodEnd };
    const rest = await timed(() => loadInvoiceReportInput(context, current));
    const input = await loadInvoiceReportInput(context, current);
    const rules = await timed(() => buildInvoiceReport(input));
    const sources = await timed(() => invoiceSources(db, companyId, periodStart, periodEnd));
    console.log(
      `  INVOICE stages (medians of ${RUNS}): period read through the import snapshots ${snapshots}; from the tables alone ${tables}`,
    );
    console.log(
      `    previous period, coverage, statuses, network ${rest}; rules and sections ${rules}; sources query ${sources} (runs beside the load)`,
    );
  } finally {
    await db.destroy();
  }
}

/**
 * Import of the e-tax-bureau 全量发票查询 export at 100 000 invoice lines: generates an xlsx (both
 * sheets), a csv (line sheet) and a real-shaped xlsx (lines sheet first, `--`, special-business
 * sheets, (详见销货清单) lines) with the fixture generator into a temp dir, then reads each fully in a
 * fresh child process so peak RSS belongs to that read alone; the real-shaped file is read a second
 * time under a 200 MB heap limit, to show what the reader keeps alive. Prints figures only.
 * Run: npx tsx bench/import-invoices.ts
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { writeInvoiceExportFixture } from '../packages/engine/src/fixtures/invoice-export-fixture.js';
import { readInvoiceExport } from '../packages/engine/src/importers/invoices/invoice-export.reader.js';

const LINES = 100_000;
const SEED = 20_260_101;

interface ReadFigures {
  seconds: number;
  cpuSeconds: number;
  invoices: number;
  lines: number;
  problems: number;
  peakRssMb: number;
  peakHeapMb: number;
}

/** Child mode: read one file fully and print its figures as JSON. */
async function readOnce(format: 'xlsx' | 'csv', file: string, companyTaxNo: string): Promise<ReadFigures> {
  let peakRss = process.memoryUsage().rss;
  let peakHeap = process.memoryUsage().heapUsed;
  const sampler = setInterval(() => {
    const usage = process.memoryUsage();
    peakRss = Math.max(peakRss, usage.rss);
    peakHeap = Math.max(peakHeap, usage.heapUsed);
  }, 20);
  const cpuStart = process.cpuUsage();
  const start = performance.now();
  const totals = { invoices: 0, lines: 0, problems: 0 };
  for await (const batch of readInvoiceExport({ path: file }, { format, companyTaxNo })) {
    totals.invoices += batch.invoices.length;
    totals.lines += batch.lines.length;
    totals.problems += batch.problems.length;
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }
  const seconds = (performance.now() - start) / 1000;
  const cpu = process.cpuUsage(cpuStart);
  clearInterval(sampler);
  return {
    seconds,
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
    ...totals,
    peakRssMb: peakRss / 2 ** 20,
    peakHeapMb: peakHeap / 2 ** 20,
  };
}

const number = (value: number) => Math.round(value).toLocaleString('en-US').replaceAll(',', ' ');
const mb = async (file: string) => ((await stat(file)).size / 2 ** 20).toFixed(1);

async function main(): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'taxlens-import-bench-'));
  try {
    const files = {
      xlsx: path.join(dir, 'export.xlsx'),
      csv: path.join(dir, 'export.csv'),
      real: path.join(dir, 'export-real.xlsx'),
    };
    const fixture = { seed: SEED, lineCount: LINES, months: 12 };
    let start = performance.now();
    const written = await writeInvoiceExportFixture({ ...fixture, format: 'xlsx' }, { path: files.xlsx });
    const xlsxWrite = (performance.now() - start) / 1000;
    start = performance.now();
    await writeInvoiceExportFixture({ ...fixture, format: 'csv' }, { path: files.csv });
    const csvWrite = (performance.now() - start) / 1000;
    await writeInvoiceExportFixture(
      { ...fixture, format: 'xlsx', oldStyleShare: 0.3, realShape: true },
      { path: files.real },
    );

    console.log('全量发票导入基准 (invoice export import bench)');
    console.log(`  fixture: ${number(written.lineCount)} lines, ${number(written.invoiceCount)} invoices, 12 months`);
    console.log(
      `  written: xlsx ${await mb(files.xlsx)} MB in ${xlsxWrite.toFixed(1)} s (both sheets), csv ${await mb(files.csv)} MB in ${csvWrite.toFixed(1)} s (line sheet)`,
    );
    const runs = [
      ['xlsx', 'xlsx', files.xlsx, []],
      ['csv', 'csv', files.csv, []],
      ['real', 'xlsx', files.real, []],
      ['real, 200 MB heap', 'xlsx', files.real, ['--max-old-space-size=200']],
    ] as const;
    for (const [label, format, file, flags] of runs) {
      const child = spawnSync(
        process.execPath,
        [...flags, '--import', 'tsx', import.meta.filename, '--read', format, file, written.company.taxNo],
        { cwd: import.meta.dirname, encoding: 'utf8' },
      );
      const line = child.stdout.trim().split('\n').at(-1) ?? '';
      if (child.status !== 0 || !line.startsWith('{')) {
        console.log(
          `  ${label}: read failed${/heap out of memory/.test(child.stderr) ? ' (heap out of memory)' : `\n${child.stderr}`}`,
        );
        continue;
      }
      const figures = JSON.parse(line) as ReadFigures;
      console.log(
        `  ${label.padEnd(4)} read: ${number(figures.lines)} lines + ${number(figures.invoices)} invoices in ` +
          `${figures.seconds.toFixed(2)} s (CPU ${figures.cpuSeconds.toFixed(2)} s) → ` +
          `${number(figures.lines / figures.seconds)} lines/s, peak RSS ${number(figures.peakRssMb)} MB, ` +
          `heap ${number(figures.peakHeapMb)} MB, ` +
          `${figures.problems} problems`,
      );
    }
    const load = os.loadavg().map((value) => value.toFixed(1));
    console.log(`  machine: ${os.cpus().length} cores, load average ${load.join(' ')}, node ${process.version}`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const [mode, format, file, companyTaxNo] = process.argv.slice(2);
if (mode === '--read' && (format === 'xlsx' || format === 'csv') && file && companyTaxNo) {
  console.log(JSON.stringify(await readOnce(format, file, companyTaxNo)));
} else {
  await main();
}

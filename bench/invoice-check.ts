/**
 * 发票鉴伪 on a batch of 500 mixed files (数电 XML, OFD of three generations, PDF with text layer
 * and QR image, PDF whose QR is vector paths (read by rendering the page), QR pictures; 4 of them
 * bad): first the engine alone (read + offline checks), then
 * through the running product, 10 uploads of 50 files (the per-request limit), each charged and
 * stored. Prints figures only. Run: npx tsx bench/invoice-check.ts
 */
import { InvoiceReadError, readInvoiceFile, runOfflineChecks } from '@taxlens/engine/verification';
import {
  buildBadFiles,
  buildInvoiceBatch,
  buildInvoicePdf,
  sampleInvoice,
} from '@taxlens/engine/verification-fixtures';
import { login, startProduct } from './lib/server.js';

const TOTAL = 500;
const bad = await buildBadFiles();
const good = await buildInvoiceBatch(TOTAL - bad.length, 200_000);
// Every 25th file a PDF whose QR is drawn as vector squares (20 of them).
for (let index = 0; index < good.length; index += 25) {
  const number = `243120000001${String(300_000 + index).padStart(8, '0')}`;
  good[index] = {
    filename: `vector-${index}.pdf`,
    content: await buildInvoicePdf(sampleInvoice({ number }), { qrAs: 'vector' }),
  };
}
const files = [...good.slice(0, 100), ...bad, ...good.slice(100)];
const kindOf = (name: string) =>
  name.startsWith('vector-') ? 'pdf (vector QR)' : name.slice(name.lastIndexOf('.') + 1);

// Engine alone, per kind.
const perKind = new Map<string, { count: number; ms: number }>();
let rejected = 0;
const engineStart = performance.now();
for (const file of files) {
  const started = performance.now();
  try {
    const record = await readInvoiceFile(file.filename, file.content);
    runOfflineChecks(record.face, { today: '2026-11-25', earlier: [], imported: undefined, sellerRisk: null });
  } catch (error) {
    if (!(error instanceof InvoiceReadError)) throw error;
    rejected++;
  }
  const entry = perKind.get(kindOf(file.filename)) ?? { count: 0, ms: 0 };
  entry.count++;
  entry.ms += performance.now() - started;
  perKind.set(kindOf(file.filename), entry);
}
const engineMs = performance.now() - engineStart;
console.log(`engine: ${TOTAL} files (${rejected} unreadable) read and checked in ${(engineMs / 1000).toFixed(2)} s`);
for (const [kind, entry] of perKind) {
  console.log(
    `  ${kind.padEnd(15)} ${String(entry.count).padStart(3)} files, ${(entry.ms / entry.count).toFixed(1)} ms each`,
  );
}

// Through the product: multipart uploads of 50, as the page sends them.
const product = await startProduct();
try {
  const token = await login(product.url, '13800000001');
  let checked = 0;
  let refused = 0;
  const started = performance.now();
  for (let offset = 0; offset < files.length; offset += 50) {
    const form = new FormData();
    for (const file of files.slice(offset, offset + 50)) form.append('file', new Blob([file.content]), file.filename);
    const response = await fetch(`${product.url}/api/InvoiceAuthenticity/invoice/pdfFileVerify`, {
      method: 'POST',
      headers: { token },
      body: form,
    });
    const body = (await response.json()) as {
      code: number;
      msg: string;
      data: { checked: unknown[]; rejected: unknown[] };
    };
    if (body.code !== 0) throw new Error(`upload failed: ${body.msg}`);
    checked += body.data.checked.length;
    refused += body.data.rejected.length;
  }
  const ms = performance.now() - started;
  console.log(
    `product: ${TOTAL} files in 10 uploads of 50: ${checked} checked, ${refused} refused, ${(ms / 1000).toFixed(2)} s (${(ms / TOTAL).toFixed(1)} ms a file)`,
  );
} finally {
  await product.stop();
}

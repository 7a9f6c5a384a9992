import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { bindCompany, uploadInvoices } from './lib/api.js';
import { login, startProduct } from './lib/server.js';

const fx = '/work/data/h21-import/fx';
const shapes = JSON.parse(await readFile(`${fx}/fixtures.json`, 'utf8'));
const product = await startProduct();
const client = new pg.Client({ connectionString: product.databaseUrl });
await client.connect();
try {
  const token = await login(product.url, '13800000001');
  const firmId = await bindCompany(product.url, token, shapes.written.company.name, shapes.written.company.taxNo);
  await uploadInvoices(product.url, token, firmId, `${fx}/export.csv`);
  const time = async (label: string, sqlText: string) => {
    const s = performance.now();
    await client.query(sqlText);
    console.log(label, ((performance.now() - s) / 1000).toFixed(3));
  };
  for (let i = 0; i < 2; i++) {
    await time('analyze full', 'ANALYZE invoices, invoice_lines');
    await time(
      'analyze cols',
      'ANALYZE invoices (company_id, issued_at, key, direction, status), invoice_lines (company_id, invoice_key, line_no)',
    );
    await time(
      'analyze t10',
      'BEGIN; SET LOCAL default_statistics_target = 10; ANALYZE invoices, invoice_lines; COMMIT',
    );
  }
  console.log(
    (
      await client.query(
        'SELECT import_id, length(data) AS len, pg_column_size(data) AS stored FROM invoice_import_snapshots',
      )
    ).rows,
  );
  await time(
    'create',
    'CREATE TABLE snap_ext (data bytea); ALTER TABLE snap_ext ALTER data SET STORAGE EXTERNAL; CREATE TABLE snap_main (data bytea)',
  );
  for (let i = 0; i < 2; i++) {
    await time('insert main', 'INSERT INTO snap_main SELECT data FROM invoice_import_snapshots');
    await time('insert ext', 'INSERT INTO snap_ext SELECT data FROM invoice_import_snapshots');
    await time('read main', 'SELECT length(data::text) FROM snap_main');
    await time('read ext', 'SELECT length(data::text) FROM snap_ext');
  }
  console.log((await client.query('SELECT pg_column_size(data) AS stored FROM snap_main')).rows);
} finally {
  await client.end();
  await product.stop();
}

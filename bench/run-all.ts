/** Runs every benchmark in turn; each prints its own figures. */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const benches = [
  'login-info.ts',
  'assets.ts',
  'realtime.ts',
  'chat-fanout.ts',
  'scale-out.ts',
  'import-invoices.ts',
  'import-db.ts',
  'import-fairness.ts',
  'invoice-report.ts',
  'tax-reports.ts',
  'report-pdf.ts',
  'billing.ts',
  'invoice-check.ts',
];
for (const bench of benches) {
  if (!existsSync(`${import.meta.dirname}/${bench}`)) continue;
  console.log(`\n### ${bench}`);
  spawnSync(process.execPath, ['--import', 'tsx', bench], { cwd: import.meta.dirname, stdio: 'inherit' });
}

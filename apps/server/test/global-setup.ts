import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../src/db/embedded.js';
import { createDb } from '../src/db/kysely.js';
import { migrate } from '../src/db/migrate.js';
import { startBoss } from '../src/jobs/boss.js';
import { seedCompanyDataIfEmpty } from '../src/modules/companydata/seed/company-data.seed.js';
import { seedDemoIfEmpty } from '../src/seed/demo-seed.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgBaseUrl: string;
  }
}

/**
 * One real PostgreSQL for the whole run. Two template databases are prepared once: `tpl_empty`
 * (migrated, pg-boss installed) and `tpl_demo` (plus the demo seed). Each test file clones one,
 * so files run in parallel without seeing each other's rows.
 */
export default async function setup(project: TestProject) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'taxlens-test-'));
  await fs.chmod(dataDir, 0o755);
  const port = await freePort();
  const embedded = await startEmbeddedPostgres({ dataDir, port, fast: true });
  const baseUrl = embedded.url.replace(/\/taxlens$/, '');
  const admin = new pg.Client({ connectionString: `${baseUrl}/postgres` });
  await admin.connect();
  for (const name of ['tpl_empty', 'tpl_demo']) {
    await admin.query(`CREATE DATABASE ${name}`);
    const url = `${baseUrl}/${name}`;
    await migrate(url);
    const boss = await startBoss(url, () => {});
    await boss.stop({ graceful: false });
    if (name === 'tpl_demo') {
      const { db, pool } = createDb(url, 2);
      await seedDemoIfEmpty(db);
      await seedCompanyDataIfEmpty({ db, pool });
      await db.destroy();
    }
  }
  await admin.end();
  project.provide('pgBaseUrl', baseUrl);
  return async () => {
    await embedded.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

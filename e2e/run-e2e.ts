import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { resolveChromium } from './lib/chromium.js';
import { startServer } from './lib/server.js';

/**
 * Browser tests: starts the real server on a fresh database and one headless Chromium, then
 * runs the node:test files in tests/ against them, and stops both. Exits non-zero on a failure.
 */
async function main(): Promise<number> {
  const here = import.meta.dirname;
  const only = process.argv.slice(2);
  const files = readdirSync(path.join(here, 'tests'))
    .filter((name) => name.endsWith('.test.ts'))
    // `npm test -w e2e -- reports companies` runs only the files whose names contain a word given.
    .filter((name) => only.length === 0 || only.some((word) => name.includes(word)))
    .sort()
    .map((name) => path.join('tests', name));

  const { executablePath, args, source } = await resolveChromium();
  console.log(`[e2e] Chromium: ${source}`);
  const server = await startServer();
  console.log(`[e2e] server ready at ${server.baseUrl} (log: ${server.logFile})`);
  const browserServer = await chromium.launchServer({ executablePath, args, headless: true });
  // Ctrl-C or a CI time-out still stops the server and its database.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void Promise.allSettled([browserServer.close(), server.stop()]).then(() => process.exit(130));
    });
  }

  let code = 1;
  try {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '--test',
        '--test-reporter=spec',
        '--test-concurrency=1',
        // A stuck browser step fails its test instead of hanging the run.
        '--test-timeout=300000',
        '--test-force-exit',
        ...files,
      ],
      {
        cwd: here,
        stdio: 'inherit',
        env: {
          ...process.env,
          E2E_BASE_URL: server.baseUrl,
          E2E_WS_ENDPOINT: browserServer.wsEndpoint(),
          E2E_DATABASE_URL: server.databaseUrl,
          E2E_SERVER_LOG: server.logFile,
        },
      },
    );
    code = await new Promise<number>((resolve) => child.on('exit', (exitCode) => resolve(exitCode ?? 1)));
    return code;
  } finally {
    await browserServer.close().catch(() => {});
    await server.stop({ keepLog: code !== 0 });
  }
}

main().then(
  (code) => process.exit(code),
  (error: Error) => {
    console.error(`[e2e] ${error.message}`);
    process.exit(1);
  },
);

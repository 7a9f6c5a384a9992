import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

/** Flags for a headless Chromium on a machine with no network but loopback and no GPU. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--font-render-hinting=none',
];

export interface ResolvedChromium {
  executablePath: string;
  /** Where it came from, for the start-up log. */
  source: 'CHROMIUM_PATH' | '/usr/bin/chromium' | '@sparticuz/chromium';
}

/**
 * Chromium from CHROMIUM_PATH, else Debian's /usr/bin/chromium, else the browser shipped inside
 * the npm package @sparticuz/chromium, so `npm install` alone is enough. The one resolver of the
 * server, the browser tests and the benchmarks. Always launched with CHROMIUM_ARGS, never with the
 * package's own serverless flags: its `--single-process` makes the first closed context take the
 * whole browser down.
 */
export async function resolveChromium(): Promise<ResolvedChromium> {
  const configured = process.env.CHROMIUM_PATH;
  if (configured) {
    if (!existsSync(configured)) throw new Error(`CHROMIUM_PATH 指向的文件不存在: ${configured}`);
    return { executablePath: configured, source: 'CHROMIUM_PATH' };
  }
  if (existsSync('/usr/bin/chromium')) return { executablePath: '/usr/bin/chromium', source: '/usr/bin/chromium' };
  const packaged = await import('@sparticuz/chromium');
  return { executablePath: await packaged.default.executablePath(), source: '@sparticuz/chromium' };
}

let shared: Promise<Browser> | null = null;

/** One browser per process, started on first use and restarted if it died. */
export async function sharedBrowser(): Promise<Browser> {
  if (shared) {
    const browser = await shared.catch(() => null);
    if (browser?.isConnected()) return browser;
  }
  shared = resolveChromium().then(({ executablePath }) =>
    chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS }),
  );
  return shared;
}

export async function closeSharedBrowser(): Promise<void> {
  const browser = await shared?.catch(() => null);
  shared = null;
  await browser?.close().catch(() => {});
}

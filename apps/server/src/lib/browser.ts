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

/**
 * Chromium from CHROMIUM_PATH, else Debian's /usr/bin/chromium, else the browser shipped inside
 * the npm package @sparticuz/chromium, so `npm install` alone is enough.
 */
export async function chromiumExecutable(): Promise<string> {
  const configured = process.env.CHROMIUM_PATH;
  if (configured) return configured;
  if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  const packaged = await import('@sparticuz/chromium');
  return packaged.default.executablePath();
}

let shared: Promise<Browser> | null = null;

/** One browser per process, started on first use and restarted if it died. */
export async function sharedBrowser(): Promise<Browser> {
  if (shared) {
    const browser = await shared.catch(() => null);
    if (browser?.isConnected()) return browser;
  }
  shared = chromiumExecutable().then((executablePath) =>
    chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS }),
  );
  return shared;
}

export async function closeSharedBrowser(): Promise<void> {
  const browser = await shared?.catch(() => null);
  shared = null;
  await browser?.close().catch(() => {});
}

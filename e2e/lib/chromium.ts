import { existsSync } from 'node:fs';

/** Flags for a headless Chromium on a server or in CI (no sandbox user, no GPU, small /dev/shm). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

interface SparticuzChromium {
  executablePath(): Promise<string>;
  args?: string[];
}

async function loadSparticuz(): Promise<SparticuzChromium | null> {
  // A variable specifier: the package is optional and not installed everywhere.
  const specifier = '@sparticuz/chromium';
  try {
    const module = (await import(specifier)) as { default?: SparticuzChromium } & Partial<SparticuzChromium>;
    const chromium = module.default ?? (module as SparticuzChromium);
    return typeof chromium.executablePath === 'function' ? chromium : null;
  } catch {
    return null;
  }
}

/** Chromium from CHROMIUM_PATH, else /usr/bin/chromium, else the npm package @sparticuz/chromium. */
export async function resolveChromium(): Promise<{ executablePath: string; args: string[]; source: string }> {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`CHROMIUM_PATH 指向的文件不存在: ${fromEnv}`);
    return { executablePath: fromEnv, args: CHROMIUM_ARGS, source: 'CHROMIUM_PATH' };
  }
  if (existsSync('/usr/bin/chromium')) {
    return { executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS, source: '/usr/bin/chromium' };
  }
  const sparticuz = await loadSparticuz();
  if (sparticuz) {
    const args = [...new Set([...(sparticuz.args ?? []), ...CHROMIUM_ARGS])];
    return { executablePath: await sparticuz.executablePath(), args, source: '@sparticuz/chromium' };
  }
  throw new Error('找不到 Chromium：请设置 CHROMIUM_PATH、安装 /usr/bin/chromium 或 npm 包 @sparticuz/chromium');
}

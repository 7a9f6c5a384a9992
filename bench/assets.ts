/**
 * What a browser downloads for the first screen of /login and /home: JavaScript, CSS and fonts as
 * transferred (the encoding Chromium negotiates, brotli), the same JavaScript as gzip, and what a
 * repeat visit transfers, fonts split into the build's subsets and the @fontsource slices fetched
 * for other characters. Measured from a real Chromium load of the built client served by the
 * product. Prints figures; never passes or fails on them.
 */
import http from 'node:http';
import { CHROMIUM_ARGS, resolveChromium } from '@taxlens/server/browser';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { startProduct } from './lib/server.js';

const GOALS_KIB: Record<string, number> = { '/login': 200, '/home': 250 };

interface Loaded {
  url: string;
  type: string;
  encoding: string;
  transferred: number;
  cached: boolean;
}

/** Loads `path` in the page and lists every script, stylesheet and font response with its encoded size. */
async function load(page: Page, url: string, ready: () => Promise<unknown>): Promise<Loaded[]> {
  const responses: Promise<Loaded | null>[] = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (!['script', 'stylesheet', 'font'].includes(type)) return;
    responses.push(
      response
        .request()
        .sizes()
        .then((sizes) => ({
          url: response.url(),
          type,
          encoding: response.headers()['content-encoding'] ?? 'identity',
          // Chromium reports the encoded length minus the headers' size, negative for a body served
          // from the HTTP cache: nothing crossed the network.
          transferred: Math.max(0, sizes.responseBodySize),
          cached: sizes.responseBodySize <= 0,
        }))
        .catch(() => null),
    );
  });
  await page.goto(url);
  await ready();
  await page.waitForLoadState('networkidle');
  return (await Promise.all(responses)).filter((item): item is Loaded => item !== null);
}

/** Bytes on the wire for one URL with the given Accept-Encoding (Node's fetch would decode them). */
function encodedSize(url: string, acceptEncoding: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': acceptEncoding } }, (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => (bytes += chunk.length));
        response.on('end', () => resolve(bytes));
      })
      .on('error', reject);
  });
}

const kib = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
/** The build's subsets of the client's own text (apps/web/build/font-subsets.ts); other fonts are @fontsource slices. */
const SUBSET_FONT = /\/noto-sans-sc-(login|home|app\d+)-\d+-[\w-]+\.woff2$/;
const isSubset = (item: Loaded) => SUBSET_FONT.test(new URL(item.url).pathname);
const sum = (items: Loaded[], type: string) =>
  items.filter((item) => item.type === type).reduce((total, item) => total + item.transferred, 0);

async function summarise(label: string, items: Loaded[]) {
  const scripts = items.filter((item) => item.type === 'script');
  const gzip = await Promise.all(scripts.map((item) => encodedSize(item.url, 'gzip')));
  const identity = await Promise.all(scripts.map((item) => encodedSize(item.url, 'identity')));
  const gzipTotal = gzip.reduce((a, b) => a + b, 0);
  const fonts = items.filter((item) => item.type === 'font');
  const subsets = fonts.filter(isSubset);
  const slices = fonts.filter((item) => !isSubset(item));
  const bytes = (list: Loaded[]) => list.reduce((total, item) => total + item.transferred, 0);
  if (process.env.BENCH_VERBOSE) {
    console.log(`${label} fonts`);
    console.table(fonts.map((item) => ({ file: new URL(item.url).pathname, KiB: kib(item.transferred) })));
    const rows = scripts.map((item, index) => ({
      file: new URL(item.url).pathname,
      'gzip KiB': kib(gzip[index] ?? 0),
    }));
    console.log(label);
    console.table(rows.sort((a, b) => b['gzip KiB'] - a['gzip KiB']));
  }
  return {
    page: label,
    'JS files': scripts.length,
    'JS KiB raw': kib(identity.reduce((a, b) => a + b, 0)),
    'JS KiB gzip': kib(gzipTotal),
    'JS KiB as sent': kib(sum(items, 'script')),
    encodings: [...new Set(scripts.map((item) => item.encoding))].join(','),
    'CSS KiB': kib(sum(items, 'stylesheet')),
    'font KiB': kib(sum(items, 'font')),
    // Subsets of the client's own text, and @fontsource slices fetched for other characters (user data).
    'font subsets': `${subsets.length} files ${kib(bytes(subsets))} KiB`,
    'font slices': `${slices.length} files ${kib(bytes(slices))} KiB`,
    'goal gzip KiB': GOALS_KIB[label] ?? '',
  };
}

const product = await startProduct();
const { executablePath } = await resolveChromium();
const browser = await chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS });
try {
  const fresh = async (storageState?: Awaited<ReturnType<BrowserContext['storageState']>>) =>
    browser.newContext({ viewport: { width: 1440, height: 900 }, ...(storageState ? { storageState } : {}) });

  const loginContext = await fresh();
  const loginPage = await loginContext.newPage();
  const login = await load(loginPage, `${product.url}/login`, () =>
    loginPage.getByPlaceholder('请输入手机号').waitFor(),
  );
  await loginPage.getByPlaceholder('请输入手机号').fill('13800000001');
  await loginPage.getByPlaceholder(/请输入密码/).fill('Demo123456');
  await loginPage.getByTestId('login-submit').click();
  await loginPage.waitForURL(`${product.url}/home`);
  const signedIn = await loginContext.storageState();
  await loginContext.close();

  // A new context: the cookie of the signed-in user, an empty HTTP cache.
  const homeContext = await fresh(signedIn);
  const homePage = await homeContext.newPage();
  const home = await load(homePage, `${product.url}/home`, () => homePage.getByTestId('home-greeting').waitFor());
  // The same context again: hashed assets come from the cache without asking the server.
  const repeat = await load(homePage, `${product.url}/home`, () => homePage.getByTestId('home-greeting').waitFor());
  await homeContext.close();

  console.log('First screen, empty cache, 1440 px (Chromium sends Accept-Encoding: gzip, deflate, br, zstd)');
  console.table([await summarise('/login', login), await summarise('/home', home)]);
  const repeatBytes = repeat.reduce((total, item) => total + item.transferred, 0);
  const fromCache = repeat.filter((item) => item.cached).length;
  console.log(
    `Repeat visit of /home: ${repeat.length} script/style/font responses (${fromCache} from the cache), ${kib(repeatBytes)} KiB transferred`,
  );
} finally {
  await browser.close();
  await product.stop();
}

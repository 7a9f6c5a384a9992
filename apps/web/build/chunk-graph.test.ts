import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CHUNK_GRAPH_FILE, type ChunkGraph, checkFirstScreens } from './chunk-graph';

let dist: string;
afterEach(async () => {
  await rm(dist, { recursive: true, force: true });
});

const node = (modules: string[], imports: string[] = [], facade: string | null = null, isEntry = false) => ({
  imports,
  dynamicImports: [],
  modules,
  facade,
  isEntry,
});

/** A build with an entry, the two screens' layout and page chunks, and the chunks they import. */
async function writeBuild(graph: ChunkGraph, sizes: Record<string, number>) {
  dist = await mkdtemp(path.join(os.tmpdir(), 'taxlens-chunk-graph-'));
  await mkdir(path.join(dist, '.vite'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, CHUNK_GRAPH_FILE), JSON.stringify(graph));
  for (const [file, bytes] of Object.entries(sizes)) {
    await writeFile(path.join(dist, file), 'x');
    // The precompressed copy is what the check counts (what the server sends as gzip).
    await writeFile(path.join(dist, `${file}.gz`), Buffer.alloc(bytes));
  }
}

const SRC = 'apps/web/src';
function build(extraOnHome: string[]): ChunkGraph {
  return {
    'assets/index.js': node([`${SRC}/main.tsx`], ['assets/react.js'], 'apps/web/index.html', true),
    'assets/react.js': node(['node_modules/react-dom/cjs/react-dom-client.production.js']),
    'assets/LoginLayout.js': node([`${SRC}/layouts/login/LoginLayout.tsx`], [], `${SRC}/layouts/login/LoginLayout.tsx`),
    'assets/LoginPage.js': node(
      [`${SRC}/features/auth/pages/LoginPage.tsx`],
      [],
      `${SRC}/features/auth/pages/LoginPage.tsx`,
    ),
    'assets/MainLayout.js': node(
      [`${SRC}/layouts/main/MainLayout.tsx`],
      ['assets/react.js', ...extraOnHome],
      `${SRC}/layouts/main/MainLayout.tsx`,
    ),
    'assets/HomePage.js': node(
      [`${SRC}/features/home/pages/HomePage.tsx`],
      [],
      `${SRC}/features/home/pages/HomePage.tsx`,
    ),
    'assets/zod.js': node(['node_modules/zod/v4/core/core.js']),
    'assets/table.js': node(['node_modules/antd/es/table/InternalTable.js']),
  };
}
const SIZES = {
  'assets/index.js': 50 * 1024,
  'assets/react.js': 60 * 1024,
  'assets/LoginLayout.js': 1024,
  'assets/LoginPage.js': 10 * 1024,
  'assets/MainLayout.js': 30 * 1024,
  'assets/HomePage.js': 20 * 1024,
  'assets/zod.js': 26 * 1024,
  'assets/table.js': 40 * 1024,
};

describe('checkFirstScreens', () => {
  it('counts the entry, the layout and page chunks and their static imports once each', async () => {
    await writeBuild(build([]), SIZES);
    const verdicts = checkFirstScreens(dist, { '/login': 200, '/home': 250 });
    expect(verdicts).toEqual([
      { screen: '/login', kib: 121, budgetKib: 200, problems: [] },
      { screen: '/home', kib: 160, budgetKib: 250, problems: [] },
    ]);
  });

  it('fails a screen over its budget and one that reaches zod or antd Table, naming the importer', async () => {
    await writeBuild(build(['assets/zod.js', 'assets/table.js']), SIZES);
    const [login, home] = checkFirstScreens(dist, { '/login': 120, '/home': 250 });
    expect(login?.problems).toEqual(['121 KiB gzip of JavaScript, over the budget of 120 KiB']);
    expect(home?.kib).toBe(226);
    expect(home?.problems).toHaveLength(2);
    expect(home?.problems[0]).toMatch(/^reaches zod .*in assets\/zod\.js, imported by assets\/MainLayout\.js/);
    expect(home?.problems[1]).toMatch(/^reaches antd Table/);
  });

  it('says which root has no chunk when a layout or page was moved', async () => {
    const graph = build([]);
    delete graph['assets/HomePage.js'];
    await writeBuild(graph, SIZES);
    expect(() => checkFirstScreens(dist)).toThrow(
      /\/home: no chunk is built for apps\/web\/src\/features\/home\/pages\/HomePage\.tsx/,
    );
  });
});

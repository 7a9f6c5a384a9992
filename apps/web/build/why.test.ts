import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { CHUNK_GRAPH_FILE, type ChunkGraph, FIRST_SCREENS, MODULE_IMPORTS_FILE } from './chunk-graph';
import { explainScreen } from './why';

let dist: string;
afterEach(async () => {
  await rm(dist, { recursive: true, force: true });
});

const SRC = 'apps/web/src';
const LOGIN = FIRST_SCREENS.find((screen) => screen.name === '/login');
const [LAYOUT, PAGE] = LOGIN?.roots ?? [];

/** An entry that pulls Spin in through antd's barrel (dropped by the bundler) and a page that pulls Input. */
const GRAPH: ChunkGraph = {
  'assets/index.js': {
    imports: [],
    dynamicImports: [],
    modules: [`${SRC}/main.tsx`, `${SRC}/app/PageLoading.tsx`, 'node_modules/antd/es/spin/index.js'],
    facade: 'apps/web/index.html',
    isEntry: true,
    sizes: {
      [`${SRC}/main.tsx`]: 2048,
      [`${SRC}/app/PageLoading.tsx`]: 512,
      'node_modules/antd/es/spin/index.js': 9216,
    },
  },
  'assets/LoginLayout.js': {
    imports: [],
    dynamicImports: [],
    modules: [LAYOUT as string],
    facade: LAYOUT as string,
    isEntry: false,
    sizes: { [LAYOUT as string]: 100 },
  },
  'assets/LoginPage.js': {
    imports: [],
    dynamicImports: [],
    modules: [PAGE as string, 'node_modules/antd/es/input/Input.js'],
    facade: PAGE as string,
    isEntry: false,
    sizes: { [PAGE as string]: 3000, 'node_modules/antd/es/input/Input.js': 4000 },
  },
};

const IMPORTS = {
  'apps/web/index.html': [`${SRC}/main.tsx`],
  [`${SRC}/main.tsx`]: [`${SRC}/app/PageLoading.tsx`],
  [`${SRC}/app/PageLoading.tsx`]: ['node_modules/antd/es/index.js'],
  'node_modules/antd/es/index.js': ['node_modules/antd/es/spin/index.js', 'node_modules/antd/es/input/Input.js'],
  [PAGE as string]: ['node_modules/antd/es/index.js'],
};

it('lists files, rendered bytes by package and the import chain of a module', async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'taxlens-why-'));
  await mkdir(path.join(dist, '.vite'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, CHUNK_GRAPH_FILE), JSON.stringify(GRAPH));
  await writeFile(path.join(dist, MODULE_IMPORTS_FILE), JSON.stringify(IMPORTS));
  for (const file of Object.keys(GRAPH)) {
    await writeFile(path.join(dist, file), 'x');
    await writeFile(path.join(dist, `${file}.gz`), Buffer.alloc(2048));
  }
  const lines = explainScreen(GRAPH, dist, LOGIN ?? { name: '', roots: [] }, ['spin', 'input/Input', 'zod']);
  expect(lines).toContain('    2.0  assets/index.js  apps/web/index.html');
  expect(lines).toContain('    9.0  antd/spin');
  // Input is not in the entry chunk: its chain starts at the page.
  expect(lines.join('\n')).toContain(
    [
      'spin:',
      '  apps/web/index.html',
      `  -> ${SRC}/main.tsx`,
      `  -> ${SRC}/app/PageLoading.tsx`,
      '  -> node_modules/antd/es/index.js',
      '  -> node_modules/antd/es/spin/index.js',
      '',
      'input/Input:',
      `  ${PAGE}`,
      '  -> node_modules/antd/es/index.js',
      '  -> node_modules/antd/es/input/Input.js',
      '',
      'zod:',
      '  not on this screen',
    ].join('\n'),
  );
});

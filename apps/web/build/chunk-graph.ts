import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * The production build's chunk graph, written to `dist/.vite/chunk-graph.json` by the Vite plugin
 * below: per JavaScript file, the files it imports statically (the browser fetches them before the
 * file runs) and dynamically, and the source modules bundled into it. The first-screen budget
 * (e2e/tests/first-screen-budget.test.ts, bench/assets.ts) walks it: what a screen costs is the
 * static closure of the entry plus its layout and page chunks.
 */
export interface ChunkNode {
  imports: string[];
  dynamicImports: string[];
  /** Source modules in the chunk, relative to the repository (`node_modules/zod/…`, `apps/web/src/…`). */
  modules: string[];
  /** The module a dynamic import() or the HTML entry points at, when the chunk has one. */
  facade: string | null;
  isEntry: boolean;
  /** Rendered (pre-minify) bytes per module; only in a build made with TAXLENS_CHUNK_WHY=1 (build/why.ts). */
  sizes?: Record<string, number>;
}

export type ChunkGraph = Record<string, ChunkNode>;

export const CHUNK_GRAPH_FILE = '.vite/chunk-graph.json';
/** Each bundled module's static imports (TAXLENS_CHUNK_WHY=1 builds only: about 1 MB). */
export const MODULE_IMPORTS_FILE = '.vite/module-imports.json';

const repoRoot = path.resolve(import.meta.dirname, '../../..');

function relative(id: string): string {
  // Virtual modules (\0vite/preload-helper …) keep their id.
  const clean = id.replace(/^\0/, '').split('?')[0] ?? id;
  return path.isAbsolute(clean) ? path.relative(repoRoot, clean).replaceAll(path.sep, '/') : clean;
}

export function chunkGraph(): Plugin {
  return {
    name: 'taxlens-chunk-graph',
    apply: 'build',
    generateBundle(_options, bundle) {
      const why = Boolean(process.env.TAXLENS_CHUNK_WHY);
      const graph: ChunkGraph = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        const node: ChunkNode = {
          imports: [...output.imports],
          dynamicImports: [...output.dynamicImports],
          modules: output.moduleIds.map(relative),
          facade: output.facadeModuleId ? relative(output.facadeModuleId) : null,
          isEntry: output.isEntry,
        };
        graph[output.fileName] = node;
        if (why) {
          node.sizes = Object.fromEntries(
            Object.entries(output.modules).map(([id, module]) => [relative(id), module.renderedLength]),
          );
        }
      }
      if (why) {
        const imports: Record<string, string[]> = {};
        for (const id of this.getModuleIds()) {
          imports[relative(id)] = (this.getModuleInfo(id)?.importedIds ?? []).map(relative);
        }
        this.emitFile({ type: 'asset', fileName: MODULE_IMPORTS_FILE, source: JSON.stringify(imports) });
      }
      this.emitFile({ type: 'asset', fileName: CHUNK_GRAPH_FILE, source: JSON.stringify(graph) });
    },
  };
}

/** One first screen: the source modules whose chunks the browser loads before it can draw it. */
export interface Screen {
  name: string;
  /** Facade modules besides the HTML entry (its layout and page, as the route table lazy-loads them). */
  roots: string[];
}

export const FIRST_SCREENS: readonly Screen[] = [
  {
    name: '/login',
    roots: ['apps/web/src/layouts/login/LoginLayout.tsx', 'apps/web/src/features/auth/pages/LoginPage.tsx'],
  },
  {
    name: '/home',
    roots: ['apps/web/src/layouts/main/MainLayout.tsx', 'apps/web/src/features/home/pages/HomePage.tsx'],
  },
];

export interface ScreenCost {
  files: string[];
  modules: string[];
  /** Gzip bytes (level 9, as the build's precompressed .gz copies) of every file. */
  gzipBytes: number;
  fileBytes: Record<string, number>;
}

/** The files the browser fetches for a screen: entry and root chunks plus everything they import statically. */
export function screenCost(graph: ChunkGraph, dist: string, screen: Screen): ScreenCost {
  const byFacade = new Map(Object.entries(graph).map(([file, node]) => [node.facade, file]));
  const starts = Object.entries(graph)
    .filter(([, node]) => node.isEntry)
    .map(([file]) => file);
  // A root grouped with other modules (vite.config.ts codeSplitting groups) has no chunk of its own.
  const containing = (root: string) => Object.keys(graph).find((file) => graph[file]?.modules.includes(root));
  for (const root of screen.roots) {
    const file = byFacade.get(root) ?? containing(root);
    if (!file) throw new Error(`${screen.name}: no chunk is built for ${root} (was it moved or renamed?)`);
    starts.push(file);
  }
  const seen = new Set<string>();
  const walk = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const next of graph[file]?.imports ?? []) walk(next);
  };
  starts.forEach(walk);
  const files = [...seen];
  const fileBytes = Object.fromEntries(files.map((file) => [file, gzipSize(path.join(dist, file))]));
  const gzipBytes = Object.values(fileBytes).reduce((total, bytes) => total + bytes, 0);
  return { files, modules: files.flatMap((file) => graph[file]?.modules ?? []), gzipBytes, fileBytes };
}

function gzipSize(file: string): number {
  try {
    return readFileSync(`${file}.gz`).length;
  } catch {
    // Files under the precompress threshold have no .gz copy.
    return gzipSync(readFileSync(file), { level: 9 }).length;
  }
}

export function readChunkGraph(dist: string): ChunkGraph {
  return JSON.parse(readFileSync(path.join(dist, CHUNK_GRAPH_FILE), 'utf8')) as ChunkGraph;
}

/** Issue 21's goals (KiB of JavaScript, gzip, as transferred). */
export const GOAL_KIB: Record<string, number> = { '/login': 200, '/home': 250 };
/**
 * What the build may not exceed: the goal once it is met, until then a ceiling a little above the
 * size reached, so a new import that adds a page-sized library to a first screen fails here.
 */
export const BUDGET_KIB: Record<string, number> = { '/login': 187, '/home': 227 };

/**
 * Page-level libraries that once crept onto the first screens through a constant or a helper
 * exported beside a component: zod (schemas), antd's Table and Result (its illustrations).
 */
export const FORBIDDEN_MODULES: readonly { pattern: RegExp; what: string }[] = [
  { pattern: /node_modules\/zod\//, what: 'zod (a constant read from a module that builds a schema?)' },
  // The components themselves: antd's Tooltip shares a tiny context module with Table.
  { pattern: /node_modules\/antd\/es\/table\/InternalTable\.js$/, what: 'antd Table' },
  { pattern: /node_modules\/antd\/es\/result\/index\.js$/, what: 'antd Result' },
];

export interface BudgetVerdict {
  screen: string;
  kib: number;
  budgetKib: number;
  problems: string[];
}

/** What is wrong with each first screen of the build in `dist` (nothing when all are within budget). */
export function checkFirstScreens(dist: string, budgets: Record<string, number> = BUDGET_KIB): BudgetVerdict[] {
  const graph = readChunkGraph(dist);
  return FIRST_SCREENS.map((screen) => {
    const cost = screenCost(graph, dist, screen);
    const kib = Math.round((cost.gzipBytes / 1024) * 10) / 10;
    const budgetKib = budgets[screen.name] ?? Number.POSITIVE_INFINITY;
    const problems: string[] = [];
    if (kib > budgetKib) problems.push(`${kib} KiB gzip of JavaScript, over the budget of ${budgetKib} KiB`);
    for (const { pattern, what } of FORBIDDEN_MODULES) {
      const module = cost.modules.find((id) => pattern.test(id));
      if (module) problems.push(`reaches ${what}: ${module} (${whoImports(graph, cost.files, module)})`);
    }
    return { screen: screen.name, kib, budgetKib, problems };
  });
}

/** The chunk holding `module` and a chunk of the screen that imports it, to start looking from. */
function whoImports(graph: ChunkGraph, files: string[], module: string): string {
  const holder = files.find((file) => graph[file]?.modules.includes(module));
  const importer = files.find((file) => holder && graph[file]?.imports.includes(holder));
  const first = (file: string | undefined) => (file ? (graph[file]?.modules.at(-1) ?? file) : '?');
  return `in ${holder}, imported by ${importer} (${first(importer)})`;
}

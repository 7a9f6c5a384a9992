import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type ChunkGraph, MODULE_IMPORTS_FILE, type Screen, screenCost } from './chunk-graph.js';

/**
 * What a first screen is made of, for finding what to move off it:
 *
 *   TAXLENS_CHUNK_WHY=1 npm run build -w apps/web
 *   npm run budget -w apps/web -- --why /login [text …]
 *
 * prints the screen's files (gzip KiB), the packages and source folders with the most rendered
 * (pre-minify) bytes, and for each text the chain of static imports that brings the first module
 * whose path contains it: from the HTML entry when the entry chunk holds it, else from the screen's
 * layout or page. Barrels the bundler dropped (antd/es/index.js) may appear as links of a chain.
 */
export function explainScreen(graph: ChunkGraph, dist: string, screen: Screen, texts: string[]): string[] {
  const cost = screenCost(graph, dist, screen);
  const lines: string[] = [];
  const kib = (bytes: number) => (bytes / 1024).toFixed(1).padStart(7);
  for (const file of cost.files) {
    lines.push(`${kib(cost.fileBytes[file] ?? 0)}  ${file}  ${graph[file]?.facade ?? ''}`);
  }
  const byGroup = new Map<string, number>();
  for (const file of cost.files) {
    const sizes = graph[file]?.sizes;
    if (!sizes) {
      lines.push('(no module sizes: build with TAXLENS_CHUNK_WHY=1)');
      return lines;
    }
    for (const [module, bytes] of Object.entries(sizes)) {
      byGroup.set(groupOf(module), (byGroup.get(groupOf(module)) ?? 0) + bytes);
    }
  }
  lines.push('', 'rendered KiB by package / folder (before minifying and gzip):');
  for (const [group, bytes] of [...byGroup].sort((a, b) => b[1] - a[1]).slice(0, 60)) {
    lines.push(`${kib(bytes)}  ${group}`);
  }
  const importsFile = path.join(dist, MODULE_IMPORTS_FILE);
  if (texts.length === 0 || !existsSync(importsFile)) return lines;
  const imports = JSON.parse(readFileSync(importsFile, 'utf8')) as Record<string, string[]>;
  const bundled = new Set(Object.values(graph).flatMap((node) => node.modules));
  const onScreen = new Set(cost.modules);
  const entryModules = new Set(
    Object.values(graph)
      .filter((node) => node.isEntry)
      .flatMap((node) => [...node.modules, node.facade ?? '']),
  );
  for (const text of texts) {
    const target = cost.modules.find((module) => module.includes(text));
    lines.push('', `${text}:`);
    if (!target) {
      lines.push('  not on this screen');
      continue;
    }
    const fromEntry = entryModules.has(target);
    const starts = fromEntry ? ['apps/web/index.html'] : screen.roots;
    // A link may be a module of this screen or a re-export barrel the bundler left out entirely.
    const usable = (module: string) =>
      (fromEntry ? entryModules.has(module) : onScreen.has(module)) || !bundled.has(module);
    const chain = importChain(imports, starts, target, usable);
    lines.push(...(chain ? chain.map((module, index) => `  ${index === 0 ? '' : '-> '}${module}`) : ['  no chain']));
  }
  return lines;
}

/** The shortest chain of static imports from one of `starts` to `target` through usable modules. */
function importChain(
  imports: Record<string, string[]>,
  starts: readonly string[],
  target: string,
  usable: (module: string) => boolean,
): string[] | null {
  const previous = new Map<string, string | null>(starts.map((start) => [start, null]));
  const queue = [...starts];
  while (queue.length > 0) {
    const module = queue.shift() as string;
    if (module === target) {
      const chain: string[] = [];
      for (let at: string | null = module; at !== null; at = previous.get(at) ?? null) chain.unshift(at);
      return chain;
    }
    for (const next of imports[module] ?? []) {
      if (previous.has(next) || !(next === target || usable(next))) continue;
      previous.set(next, module);
      queue.push(next);
    }
  }
  return null;
}

/** `react-dom`, `antd/input`, `@rc-component/trigger`, `apps/web/src/features/auth`, … */
function groupOf(module: string): string {
  const source = /^(apps\/web\/src\/[^/]+\/[^/]+|packages\/[^/]+)/.exec(module);
  if (source) return source[1] as string;
  const vendor = /^node_modules\/((?:@[^/]+\/)?[^/]+)\/(?:es\/)?([^/]+)?/.exec(module);
  if (!vendor) return module;
  const name = vendor[1] as string;
  // antd and the icons are one package each; their folders say which component.
  return name === 'antd' || name === '@ant-design/icons' ? `${name}/${vendor[2] ?? ''}` : name;
}

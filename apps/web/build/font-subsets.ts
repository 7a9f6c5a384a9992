import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import subsetFont from 'subset-font';
import { type Plugin, type ResolvedConfig, runnerImport } from 'vite';
import wawoff2 from 'wawoff2';
import { FIRST_SCREENS } from './chunk-graph.js';
import { mappedCodePoints, parseUnicodeRange, unicodeRange } from './font-tables.js';
import { type ChunkText, frequencyBuckets, groupCharacters, type Messages } from './font-text.js';

/**
 * The Chinese web font, Noto Sans SC, as the build serves it (issue 21). @fontsource ships it in
 * about a hundred unicode-range slices per weight, cut by Google's character frequencies, so the
 * few dozen characters of a screen hit a dozen slices (450–630 KiB). This plugin cuts small woff2
 * subsets per weight from @fontsource's own chinese-simplified file (same release, same glyphs):
 * one per first screen, the text it can show (`login`; `home`: the main layout and /home, see
 * font-text.ts), and the rest of the client's text in files of 60 characters (`app1` …).
 * The slices stay for everything else (user data), their unicode-ranges minus the subsets'
 * characters, so every character has exactly one face: the browser never fetches a slice for the
 * client's own text (with overlapping ranges it did, whenever it saw a slice's rule before the
 * subset's). All rules go into one stylesheet, `assets/noto-sans-sc-<hash>.css`, whose address
 * `virtual:taxlens-font-faces` gives fonts.ts; in dev and tests that module imports @fontsource's
 * stylesheets instead and gives no address.
 */
export const FONT_FACES_MODULE = 'virtual:taxlens-font-faces';
export const FONT_SUBSETS_MANIFEST = '.vite/font-subsets.json';
export const FONT_FAMILY = 'Noto Sans SC';
export const FONT_WEIGHTS = [400, 500] as const;
const PLACEHOLDER = '__TAXLENS_FONT_FACES__';
const repoRoot = path.resolve(import.meta.dirname, '../../..');
const cacheDir = path.join(repoRoot, 'node_modules/.cache/taxlens-font-subsets');
const fontsourceDir = path.dirname(createRequire(import.meta.url).resolve('@fontsource/noto-sans-sc/400.css'));

export interface SubsetFace {
  file: string;
  weight: number;
  /** A first screen's (`login`, `home`), or `app1`, `app2` … (the rest of the client's text, most frequent first). */
  group: string;
  unicodeRange: string;
  bytes: number;
}

export interface FontManifest {
  /** The stylesheet with every @font-face rule (`assets/noto-sans-sc-<hash>.css`). */
  stylesheet: string;
  subsets: SubsetFace[];
  /** Slices kept for other characters, per weight. */
  slices: Record<number, number>;
}

/** The subsets' source: @fontsource's chinese-simplified file (7 946 code points, ASCII included). */
export function sourceFontPath(weight: number): string {
  return path.join(fontsourceDir, `files/noto-sans-sc-chinese-simplified-${weight}-normal.woff2`);
}

/** Characters per `app` file: a few kilobytes each. */
const APP_BUCKET_SIZE = 60;

/**
 * The @font-face rules of @fontsource's `<weight>.css`: woff2 file, unicode-range and the slice's
 * number, which orders Google's slices by character frequency (119 holds the most frequent).
 */
export function fontsourceSlices(weight: number): { file: string; range: Set<number>; rank: number }[] {
  const css = readFileSync(path.join(fontsourceDir, `${weight}.css`), 'utf8');
  return [...css.matchAll(/@font-face\s*\{([^}]*)\}/g)].map(([, body = '']) => {
    const file = /url\(\.\/(files\/[^)]+\.woff2)\)/.exec(body)?.[1];
    const range = /unicode-range:\s*([^;]+);/.exec(body)?.[1];
    if (!file || !range) throw new Error(`@fontsource/noto-sans-sc/${weight}.css: a rule without woff2 or range`);
    const rank = Number(/noto-sans-sc-(\d+)-/.exec(file)?.[1] ?? 0);
    return { file: path.join(fontsourceDir, file), range: parseUnicodeRange(range), rank };
  });
}

const isControl = (point: number) => point < 0x20 || (point >= 0x7f && point < 0xa0);

export function fontFaceRule(url: string, weight: number, range: string): string {
  return `@font-face{font-family:'${FONT_FAMILY}';font-style:normal;font-display:swap;font-weight:${weight};src:url(${url}) format('woff2');unicode-range:${range}}`;
}

/** A woff2 subset of `source` (an sfnt) with `points`, cached on disk by content (CI builds once). */
async function cachedSubset(source: Uint8Array, points: number[]): Promise<{ bytes: Buffer; cut: boolean }> {
  const text = String.fromCodePoint(...points);
  const key = createHash('sha256').update(source).update(text).update('subset-font@2 woff2').digest('hex');
  const cached = path.join(cacheDir, `${key.slice(0, 32)}.woff2`);
  try {
    return { bytes: readFileSync(cached), cut: false };
  } catch {
    const bytes = await subsetFont(Buffer.from(source), text, { targetFormat: 'woff2' });
    mkdirSync(cacheDir, { recursive: true });
    writeFileSync(cached, bytes);
    return { bytes, cut: true };
  }
}

export function fontSubsets(): Plugin {
  let config: ResolvedConfig;
  let manifest: FontManifest | null = null;

  return {
    name: 'taxlens-font-subsets',
    configResolved(resolved) {
      config = resolved;
    },
    buildStart() {
      manifest = null;
    },
    resolveId(id) {
      return id === FONT_FACES_MODULE ? `\0${FONT_FACES_MODULE}` : null;
    },
    load(id) {
      if (id !== `\0${FONT_FACES_MODULE}`) return null;
      if (config.command !== 'build') {
        return (
          FONT_WEIGHTS.map((weight) => `import '@fontsource/noto-sans-sc/${weight}.css';`).join('\n') +
          '\nexport default "";'
        );
      }
      // Replaced by renderChunk, which knows every chunk's text.
      return `export default ${JSON.stringify(PLACEHOLDER)};`;
    },
    async renderChunk(code, _chunk, _options, meta) {
      if (!code.includes(PLACEHOLDER)) return null;
      const started = Date.now();
      let cut = 0;
      // meta.chunks holds every chunk's tree-shaken modules, and a chunk's hash is computed after
      // this hook, so the fonts chunk's name changes whenever its rules do.
      const screens = FIRST_SCREENS.map((screen) => ({
        ...screen,
        roots: screen.roots.map((root) => path.join(repoRoot, root)),
      }));
      // The zh-CN messages as the client has them, loaded the way Vite loads its config.
      const { module } = await runnerImport<{ zhCN: Messages }>(path.join(config.root, 'src/locales/zh-CN/index.ts'), {
        configFile: false,
        logLevel: 'silent',
      });
      const keysOnly = (id: string) => {
        try {
          return readFileSync(id, 'utf8').includes('lazy-messages: keys only');
        } catch {
          return false;
        }
      };
      const chunks = Object.values(meta.chunks) as unknown as ChunkText[];
      const grouped = groupCharacters(chunks, screens, module.zhCN, keysOnly);
      const ranks = new Map(
        fontsourceSlices(FONT_WEIGHTS[0]).flatMap((slice) => [...slice.range].map((point) => [point, slice.rank])),
      );
      const groups = [
        ...grouped.screens,
        ...frequencyBuckets(grouped.app, (point) => ranks.get(point) ?? 0, APP_BUCKET_SIZE).map((points, index) => ({
          name: `app${index + 1}`,
          points: new Set(points),
        })),
      ];
      const url = (reference: string) => `${config.base}${this.getFileName(reference)}`;
      const rules: string[] = [];
      const next: FontManifest = { stylesheet: '', subsets: [], slices: {} };
      for (const weight of FONT_WEIGHTS) {
        const source = await wawoff2.decompress(readFileSync(sourceFontPath(weight)));
        const available = mappedCodePoints(source);
        const inSubsets = new Set<number>();
        const subsetRules: string[] = [];
        for (const { name: group, points: all } of groups) {
          // Characters the source lacks (emoji) stay with the slices.
          const points = [...all].filter((point) => available.has(point)).sort((a, b) => a - b);
          if (points.length === 0) continue;
          const { bytes: subset, cut: fresh } = await cachedSubset(source, points);
          if (fresh) cut++;
          const reference = this.emitFile({
            type: 'asset',
            name: `noto-sans-sc-${group}-${weight}.woff2`,
            source: subset,
          });
          const range = unicodeRange(points);
          for (const point of points) inSubsets.add(point);
          subsetRules.push(fontFaceRule(url(reference), weight, range));
          next.subsets.push({
            file: this.getFileName(reference),
            weight,
            group,
            unicodeRange: range,
            bytes: subset.length,
          });
        }
        let slices = 0;
        for (const slice of fontsourceSlices(weight)) {
          // Control characters have no glyph to fetch (a line break in pre-wrap text fetched the latin slice).
          const rest = [...slice.range].filter((point) => !inSubsets.has(point) && !isControl(point));
          if (rest.length === 0) continue;
          const reference = this.emitFile({
            type: 'asset',
            name: path.basename(slice.file),
            source: readFileSync(slice.file),
          });
          rules.push(fontFaceRule(url(reference), weight, unicodeRange(rest)));
          slices++;
        }
        rules.push(...subsetRules);
        next.slices[weight] = slices;
      }
      // A stylesheet of its own, named by its content: counted and compressed as CSS, and the
      // fonts chunk, which names it, changes name with it.
      const stylesheet = this.emitFile({ type: 'asset', name: 'noto-sans-sc.css', source: `${rules.join('\n')}\n` });
      next.stylesheet = this.getFileName(stylesheet);
      manifest = next;
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      this.info?.(`${next.subsets.length} Noto Sans SC subsets (${cut} cut, the rest cached) in ${seconds} s`);
      return {
        code: code.replace(new RegExp(`(["'\`])${PLACEHOLDER}\\1`, 'g'), JSON.stringify(url(stylesheet))),
        map: null,
      };
    },
    generateBundle() {
      if (manifest)
        this.emitFile({ type: 'asset', fileName: FONT_SUBSETS_MANIFEST, source: JSON.stringify(manifest, null, 1) });
    },
  };
}

import { readFileSync } from 'node:fs';
import path from 'node:path';
import wawoff2 from 'wawoff2';
import { FONT_SUBSETS_MANIFEST, type FontManifest, sourceFontPath } from './font-subsets.js';
import { mappedCodePoints, parseUnicodeRange } from './font-tables.js';
import type { Messages } from './font-text.js';

/**
 * What is wrong with the web font of the build in `dist` (nothing when it is sound): a character of
 * the zh-CN messages that no subset holds (it would fetch a whole slice), a subset whose glyphs
 * differ from its unicode-range (a character shown in a fallback font, or a file fetched for
 * nothing), a subset's character claimed by a second rule, a rule naming a missing file.
 */
export async function checkFontSubsets(dist: string, messages: Messages): Promise<string[]> {
  const problems: string[] = [];
  const manifest = JSON.parse(readFileSync(path.join(dist, FONT_SUBSETS_MANIFEST), 'utf8')) as FontManifest;
  const rules = fontFaceRules(path.join(dist, manifest.stylesheet));
  if (rules.length === 0) problems.push(`${manifest.stylesheet} has no @font-face rules`);
  const text = new Set<number>();
  collect(messages, text);
  for (const weight of new Set(manifest.subsets.map((subset) => subset.weight))) {
    const inSubsets = new Set<number>();
    for (const subset of manifest.subsets.filter((item) => item.weight === weight)) {
      const declared = parseUnicodeRange(subset.unicodeRange);
      const glyphs = mappedCodePoints(await wawoff2.decompress(readFileSync(path.join(dist, subset.file))));
      const missing = [...declared].filter((point) => !glyphs.has(point));
      const undeclared = [...glyphs].filter((point) => !declared.has(point) && point >= 0x20);
      if (missing.length > 0) problems.push(`${subset.file} lacks ${show(missing)} of its unicode-range`);
      if (undeclared.length > 0) problems.push(`${subset.file} holds ${show(undeclared)} outside its unicode-range`);
      for (const point of declared) inSubsets.add(point);
    }
    // Characters the font itself lacks (none in today's messages) are left to the slices.
    const available = mappedCodePoints(await wawoff2.decompress(readFileSync(sourceFontPath(weight))));
    const outside = [...text].filter((point) => point >= 0x20 && available.has(point) && !inSubsets.has(point));
    if (outside.length > 0) problems.push(`weight ${weight}: zh-CN message characters in no subset: ${show(outside)}`);
    // A subset's character in a second rule could fetch that file too (Google's slices overlap
    // among themselves at a few Vietnamese letters; that is theirs).
    const claimed = new Map<number, string>();
    for (const rule of rules.filter((item) => item.weight === weight)) {
      for (const point of parseUnicodeRange(rule.range)) {
        if (!inSubsets.has(point)) continue;
        const other = claimed.get(point);
        if (other) problems.push(`weight ${weight}: ${show([point])} in both ${other} and ${rule.file}`);
        claimed.set(point, rule.file);
      }
    }
  }
  for (const rule of rules) {
    try {
      readFileSync(path.join(dist, rule.file));
    } catch {
      problems.push(`a rule names ${rule.file}, which the build did not write`);
    }
  }
  return [...new Set(problems)].slice(0, 50);
}

function collect(node: string | Messages, into: Set<number>): void {
  if (typeof node === 'string') for (const character of node) into.add(character.codePointAt(0) as number);
  else for (const child of Object.values(node)) collect(child, into);
}

const show = (points: number[]) =>
  points
    .slice(0, 20)
    .map((point) => `${String.fromCodePoint(point)} (U+${point.toString(16).toUpperCase()})`)
    .join(' ') + (points.length > 20 ? ` and ${points.length - 20} more` : '');

/** The @font-face rules of the built stylesheet. */
export function fontFaceRules(stylesheet: string): { weight: number; file: string; range: string }[] {
  const css = readFileSync(stylesheet, 'utf8');
  return [...css.matchAll(/font-weight:(\d+);src:url\(\/([^)]+)\) format\('woff2'\);unicode-range:([^}]+)\}/g)].map(
    ([, weight, url, range]) => ({ weight: Number(weight), file: url as string, range: range as string }),
  );
}

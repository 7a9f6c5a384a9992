import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Modules whose constants and helpers the web's sign-in and home screens import. A browser chunk
 * takes a whole module, so if one of these (or what it imports) built a zod schema, zod (about
 * 26 KiB gzip) would be on every first screen (issue 21). Schemas belong in schemas/*.ts.
 */
const FIRST_SCREEN_MODULES = [
  'brand.ts',
  'chat.ts',
  'constants.ts',
  'errors.ts',
  'formatters.ts',
  'levels.ts',
  'notice-types.ts',
  'operator.ts',
  'permissions.ts',
  'promotions.ts',
  'report-kinds.ts',
  'shop.ts',
  'site.ts',
  'status-labels.ts',
  'text-rules.ts',
];

function importsOf(file: string): string[] {
  const source = fs.readFileSync(file, 'utf8');
  return [...source.matchAll(/^import\s+(?!type\b)[^;]*?from\s+'([^']+)'/gm)].map((match) => match[1] as string);
}

/** Every module reached by value imports from `file` (type-only imports are erased). */
function reach(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const specifier of importsOf(file)) {
    if (!specifier.startsWith('.')) {
      seen.add(specifier);
      continue;
    }
    reach(path.resolve(path.dirname(file), specifier.replace(/\.js$/, '.ts')), seen);
  }
  return seen;
}

describe('modules read by the first screen', () => {
  for (const name of FIRST_SCREEN_MODULES) {
    it(`${name} reaches no zod`, () => {
      const reached = [...reach(path.join(import.meta.dirname, name))].map((item) =>
        path.isAbsolute(item) ? path.relative(import.meta.dirname, item) : item,
      );
      expect(reached.filter((item) => item === 'zod' || item === 'zod.ts')).toEqual([]);
    });
  }
});

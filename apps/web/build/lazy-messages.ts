import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Per-feature message chunks (issue 21). Every zh-CN section (`locales/zh-CN/<file>.ts`, exporting
 * `const <section>`) used to ship on every first screen. This plugin adds, to each source module
 * that names a key of a section (a string or template literal starting with `'<section>.`), an import
 * of that section and its registration (`locales/registry.ts`), so the bundler puts the messages
 * beside the code that shows them and they are registered before that code runs. Nothing to write by
 * hand: a new section or a new key works as before. Page titles (`<section>.routes.*`) live in
 * `zh-CN/titles.ts`, always loaded, so the route table does not pull every section in; a section that
 * still keeps its titles inline is loaded wherever its titles are read.
 */
export function lazyMessages(srcDir: string): Plugin {
  const localeDir = path.join(srcDir, 'locales');
  const zhDir = path.join(localeDir, 'zh-CN');
  const registry = path.join(localeDir, 'registry.ts');
  let sections: { name: string; file: string; titlesApart: boolean }[] = [];
  let pattern: RegExp | null = null;

  const scan = () => {
    sections = readdirSync(zhDir)
      .filter((file) => file.endsWith('.ts') && !['index.ts', 'titles.ts'].includes(file))
      .flatMap((file) => {
        const source = readFileSync(path.join(zhDir, file), 'utf8');
        const name = /^export const (\w+) = \{/m.exec(source)?.[1];
        return name
          ? [{ name, file: path.join(zhDir, file), titlesApart: source.includes(`routes: titles.${name},`) }]
          : [];
      });
    pattern = new RegExp(`['"\`](${sections.map((section) => section.name).join('|')})\\.([A-Za-z$][\\w$]*)`, 'g');
  };

  return {
    name: 'taxlens-lazy-messages',
    enforce: 'pre',
    buildStart: scan,
    transform(code, id) {
      const file = id.split('?')[0] ?? id;
      if (!file.startsWith(srcDir) || !/\.tsx?$/.test(file) || file.startsWith(localeDir)) return null;
      if (!pattern) scan();
      // `lazy-messages: keys only` — a table of message keys read through t() elsewhere (the operator
      // console's page table, in the router on every screen): its sections are not loaded here, but by
      // the modules that say `lazy-messages: include <path>` (the console's layout).
      if (code.includes('lazy-messages: keys only')) return null;
      const used = new Set<string>();
      const sources = [code];
      for (const include of code.matchAll(/lazy-messages: include (\S+)/g)) {
        const included = path.resolve(path.dirname(file), include[1] as string);
        this.addWatchFile(included);
        sources.push(readFileSync(included, 'utf8'));
      }
      for (const match of sources.flatMap((source) => [...source.matchAll(pattern as RegExp)])) {
        const section = sections.find((item) => item.name === match[1]);
        if (section && !(section.titlesApart && match[2] === 'routes')) used.add(section.name);
      }
      if (used.size === 0) return null;
      const lines = [`import { registerSection as __tlRegister } from ${JSON.stringify(registry)};`];
      for (const name of used) {
        const section = sections.find((item) => item.name === name);
        if (!section) continue;
        lines.push(`import { ${name} as __tl_${name} } from ${JSON.stringify(section.file)};`);
        lines.push(`__tlRegister(${JSON.stringify(name)}, __tl_${name});`);
      }
      // One line, so the source map of the module's own lines only shifts by one.
      return { code: `${lines.join(' ')}\n${code}`, map: null };
    },
  };
}

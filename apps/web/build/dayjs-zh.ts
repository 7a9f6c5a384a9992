import path from 'node:path';
import type { Plugin } from 'vite';

/** The module every `import … from 'dayjs'` gets instead: dayjs with the zh-cn locale set (src/app/dayjs-locale.ts). */
export const DAYJS_WITH_LOCALE = path.resolve(import.meta.dirname, '../src/app/dayjs-locale.ts');

/**
 * Dates in Chinese wherever dayjs is used, without loading dayjs on screens that show no date
 * (issue 21): every import of `dayjs` — the client's and antd's date pickers' — resolves to
 * src/app/dayjs-locale.ts, which imports the real dayjs and its zh-cn locale and sets it, so the
 * locale is set before the importing module runs, in the chunk that needs dayjs. Before, the
 * layouts loaded the locale, and with it dayjs (3.8 KiB gzip), on every signed-in first screen.
 * dayjs's own files (its locales, which require it) and the wrapper itself get the real module.
 */
export function dayjsZh(): Plugin {
  return {
    name: 'taxlens-dayjs-zh',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== 'dayjs' || !importer) return null;
      const from = importer.split('?')[0] ?? importer;
      if (path.resolve(from) === DAYJS_WITH_LOCALE || /[\\/]node_modules[\\/]dayjs[\\/]/.test(from)) return null;
      return DAYJS_WITH_LOCALE;
    },
  };
}

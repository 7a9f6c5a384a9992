import path from 'node:path';
import type { Plugin } from 'vite';

/** What antd's ConfigProvider gets instead of its tooltip UniqueProvider (src/app/LazyTooltipUnique.tsx). */
export const LAZY_UNIQUE_PROVIDER = path.resolve(import.meta.dirname, '../src/app/LazyTooltipUnique.tsx');

/**
 * antd's ConfigProvider imports the tooltip UniqueProvider statically but renders it only with its
 * `tooltip={{ unique: true }}` prop, which this client never sets; the import alone put
 * @rc-component/trigger (the whole pop-up positioning library, ~11 KiB gzip) in the entry, on every
 * first screen (issue 21). This plugin gives ConfigProvider, and only it, a stand-in that loads the
 * real provider when rendered; Tooltip and the other pop-ups import trigger themselves, in the
 * chunks of the pages that show them.
 */
export function lazyTooltipUnique(): Plugin {
  return {
    name: 'taxlens-lazy-tooltip-unique',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== '../tooltip/UniqueProvider' || !importer) return null;
      return /antd[\\/]es[\\/]config-provider[\\/]index\.js$/.test(importer) ? LAZY_UNIQUE_PROVIDER : null;
    },
  };
}

import { expect, it } from 'vitest';
import { LAZY_UNIQUE_PROVIDER, lazyTooltipUnique } from './lazy-tooltip-unique';

type Resolve = (source: string, importer?: string) => string | null;

it("gives only antd's ConfigProvider the stand-in for the tooltip UniqueProvider", () => {
  const plugin = lazyTooltipUnique();
  const resolve = plugin.resolveId as unknown as Resolve;
  const configProvider = '/repo/node_modules/antd/es/config-provider/index.js';
  expect(resolve('../tooltip/UniqueProvider', configProvider)).toBe(LAZY_UNIQUE_PROVIDER);
  // Tooltip's own import, and every other, resolve as usual.
  expect(resolve('./UniqueProvider', '/repo/node_modules/antd/es/tooltip/index.js')).toBeNull();
  expect(resolve('../tooltip/UniqueProvider', '/repo/node_modules/antd/es/popover/index.js')).toBeNull();
  expect(resolve('antd', configProvider)).toBeNull();
  expect(LAZY_UNIQUE_PROVIDER).toMatch(/src\/app\/LazyTooltipUnique\.tsx$/);
});

import { expect, it } from 'vitest';
import { DAYJS_WITH_LOCALE, dayjsZh } from './dayjs-zh';

type Resolve = (source: string, importer?: string) => string | null;

it('gives every importer of dayjs but dayjs itself and the wrapper the dayjs with the zh-cn locale', () => {
  const resolve = dayjsZh().resolveId as unknown as Resolve;
  expect(resolve('dayjs', '/repo/apps/web/src/features/reports/pages/ReportRequestPage.tsx')).toBe(DAYJS_WITH_LOCALE);
  // antd's date pickers read the locale from the same dayjs.
  expect(resolve('dayjs', '/repo/node_modules/@rc-component/picker/es/generate/dayjs.js')).toBe(DAYJS_WITH_LOCALE);
  // The locale file requires dayjs; the wrapper imports the real one.
  expect(resolve('dayjs', '/repo/node_modules/dayjs/locale/zh-cn.js')).toBeNull();
  expect(resolve('dayjs', DAYJS_WITH_LOCALE)).toBeNull();
  expect(resolve('dayjs/plugin/weekday', '/repo/apps/web/src/a.ts')).toBeNull();
  expect(resolve('dayjs')).toBeNull();
  expect(DAYJS_WITH_LOCALE).toMatch(/src\/app\/dayjs-locale\.ts$/);
});

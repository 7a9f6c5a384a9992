import { lazy, type ReactNode, Suspense } from 'react';

const UniqueProvider = lazy(() => import('antd/es/tooltip/UniqueProvider'));

/**
 * Stands in for antd's tooltip UniqueProvider inside ConfigProvider (build/lazy-tooltip-unique.ts):
 * the real one, loaded when a ConfigProvider with `tooltip={{ unique: true }}` renders (none does
 * today), so its code is not on every first screen. Its children wait for it.
 */
export default function LazyTooltipUnique({ children }: { children?: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <UniqueProvider>{children}</UniqueProvider>
    </Suspense>
  );
}

import { existsSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

const webConfig = 'apps/web/vite.config.ts';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'repo', include: ['test/**/*.test.ts'] } },
      { test: { name: 'shared', include: ['packages/shared/**/*.test.ts'] } },
      { test: { name: 'engine', include: ['packages/engine/**/*.test.ts'], testTimeout: 60_000 } },
      {
        test: {
          name: 'server',
          include: ['apps/server/**/*.test.ts'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(existsSync(webConfig)
        ? [
            {
              extends: webConfig,
              test: {
                name: 'web',
                include: ['apps/web/**/*.test.{ts,tsx}'],
                environment: 'happy-dom',
                setupFiles: ['apps/web/src/test-support/setup.ts'],
              },
              resolve: {
                // Tests load `antd` as its CommonJS build (lib/), the bundle as its ES build (es/). The
                // client reads antd App's context from antd/es/app (lib/app-api.ts): point that at
                // lib/ here so it is the same context object that App.useApp() reads in tests.
                alias: [{ find: /^antd\/es\/app\/(.*)$/, replacement: 'antd/lib/app/$1' }],
              },
            },
          ]
        : []),
    ],
  },
});

import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { chunkGraph } from './build/chunk-graph.js';
import { dayjsZh } from './build/dayjs-zh.js';
import { fontSubsets } from './build/font-subsets.js';
import { lazyMessages } from './build/lazy-messages.js';
import { lazyTooltipUnique } from './build/lazy-tooltip-unique.js';
import { precompress } from './build/precompress.js';

// The API server to proxy to in development; `npm start` serves the built client itself.
const apiTarget = process.env.TAXLENS_API ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [
    lazyMessages(path.resolve(import.meta.dirname, 'src')),
    lazyTooltipUnique(),
    dayjsZh(),
    react(),
    chunkGraph(),
    fontSubsets(),
    precompress(),
  ],
  server: {
    port: Number(process.env.WEB_PORT ?? 5173),
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/webSocket': { target: apiTarget, changeOrigin: true, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // antd is one large vendor chunk shared by every route; the login route still loads only its part.
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      treeshake: {
        // antd's form/context.js (imported by every Input) takes only FormProvider from
        // @rc-component/form, whose index then kept the whole form library and async-validator
        // (12 KiB gzip on /login) for its `Form.Field = Field`-style assignments. Those are not
        // side effects anyone relies on: where the default export is used, its module is kept.
        // Likewise @rc-component/input: antd's Input takes the input from its index, which kept
        // TextArea (its forwardRef call unmarked as pure) and the textarea's auto-sizing.
        moduleSideEffects: [
          { test: /@rc-component[\\/]form[\\/]es[\\/]index\.js$/, sideEffects: false },
          { test: /@rc-component[\\/]input[\\/]es[\\/][\w/]+\.js$/, sideEffects: false },
        ],
      },
      output: {
        codeSplitting: {
          // Every module the entry imports statically runs before any page does, so one chunk for all
          // of them costs no screen anything: left to the automatic splitting they were some eighty small
          // files on /login, each with its own import list and its own gzip dictionary (issue 21).
          groups: [
            { name: 'app', tags: ['$initial'] },
            // react-query left the entry (issue 21) for every page but the sign-in screen: one file for
            // it and the client rather than the five that the pages' import sets cut it into.
            {
              name: 'react-query',
              test: /node_modules[\\/]@tanstack[\\/]|src[\\/]app[\\/](query-client|with-query-client)\.tsx?$/,
            },
            // Pop-up positioning (Tooltip, Popover, Dropdown, Select …) left the entry with antd's tooltip
            // UniqueProvider (build/lazy-tooltip-unique.ts): one file for it rather than three pieces.
            {
              name: 'popup',
              test: /node_modules[\\/](@rc-component[\\/](trigger|portal|resize-observer)|antd[\\/]es[\\/]tooltip[\\/]UniqueProvider)[\\/]/,
            },
            // The icons /home draws on mount: the home group's menu (lazy, app/lazy-icon.tsx), the header's
            // entries and the cards'. One file each cost /home 0.6–1.2 KiB apiece, fourteen files; together
            // they compress against each other. Icons that antd's own components use (Down, Check, Search,
            // the filled status icons) stay apart, so a page with a Select does not fetch this file; so do
            // /login's. A name missing here only costs its own small file again.
            {
              name: 'home-icons',
              test: /node_modules[\\/]@ant-design[\\/]icons(-svg)?[\\/]es[\\/](icons|asn)[\\/](Alert|Audit|Calculator|CustomerService|FileSearch|FileText|Fund|History|MinusCircle|NodeIndex|Profile|SafetyCertificate|Setting|Solution)Outlined\.js$/,
            },
          ],
        },
      },
    },
  },
});

import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { chunkGraph } from './build/chunk-graph.js';
import { fontSubsets } from './build/font-subsets.js';
import { lazyMessages } from './build/lazy-messages.js';
import { precompress } from './build/precompress.js';

// The API server to proxy to in development; `npm start` serves the built client itself.
const apiTarget = process.env.TAXLENS_API ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [
    lazyMessages(path.resolve(import.meta.dirname, 'src')),
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
      output: {
        codeSplitting: {
          // Every module the entry imports statically runs before any page does, so one chunk for all
          // of them costs no screen anything: left to the automatic splitting they were some eighty small
          // files on /login, each with its own import list and its own gzip dictionary (issue 21).
          groups: [{ name: 'app', tags: ['$initial'] }],
        },
      },
    },
  },
});

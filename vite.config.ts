import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';

// The reference backend serves these paths; in `npm run dev` Vite proxies them so the app and API share an origin.
const backendPaths = ['/api', '/account', '/local', '/rest', '/media'];
const backend = process.env.BACKEND_URL ?? `http://localhost:${process.env.API_PORT ?? 4174}`;

const FIRST_PAINT_LIBRARIES =
  /node_modules\/(react|react-dom|scheduler|@tanstack\/(react-router|router-core|history|react-query|query-core|react-store|store)|openapi-fetch|zod|js-cookie|jwt-decode|tiny-invariant|tiny-warning|cookie-es|seroval[^/]*)\//;

export default defineConfig({
  plugins: [tanstackRouter({ target: 'react', autoCodeSplitting: true }), react()],
  server: {
    port: 5173,
    proxy: Object.fromEntries(backendPaths.map((p) => [p, { target: backend, changeOrigin: true }])),
  },
  build: {
    target: 'es2022',
    manifest: true,
    sourcemap: false,
    rolldownOptions: {
      output: {
        // What every first paint needs travels as one file instead of a dozen small ones; libraries only
        // some screens or signed-in members need (supabase-js, xstate, sweetalert2, DOMPurify) keep their own chunks.
        codeSplitting: {
          groups: [{ name: 'framework', test: FIRST_PAINT_LIBRARIES }],
        },
      },
    },
  },
});

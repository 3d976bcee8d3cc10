import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';

// The reference backend serves these paths; in `npm run dev` Vite proxies them so the app and API share an origin.
const backendPaths = ['/api', '/account', '/local', '/rest', '/media'];
const backend = process.env.BACKEND_URL ?? `http://localhost:${process.env.API_PORT ?? 4174}`;

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
  },
});

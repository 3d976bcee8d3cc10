import { existsSync, readFileSync } from 'node:fs';
import { defineConfig, loadEnv } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { configDefine } from './src/configSchema.ts';

// The reference backend serves these paths; in `npm run dev` Vite proxies them so the app and API share an origin.
const backendPaths = ['/api', '/account', '/local', '/rest', '/media'];
const backend = process.env.BACKEND_URL ?? `http://localhost:${process.env.API_PORT ?? 4174}`;

const FIRST_PAINT_LIBRARIES =
  /node_modules\/(react|react-dom|scheduler|@tanstack\/(react-router|router-core|history|react-query|query-core|react-store|store)|openapi-fetch|tiny-invariant|tiny-warning|cookie-es|seroval[^/]*)\//;

/**
 * App modules every first paint runs (API client, session restore, header and mobile bar, the /main page and
 * lecture cards) carry the marker comment FIRST_PAINT_MARKER near their top. They travel in the first chunk
 * with the libraries instead of as a dozen small files, and a module keeps its place when it moves or is
 * renamed. Nothing marked may import a deferred library; a first-paint module left unmarked still works, it
 * just costs a request (npm run budget shows the files).
 */
const FIRST_PAINT_MARKER = '@first-paint';
/** Files of the first-paint libraries that only signed-in screens use: they travel with those screens' chunks. */
const CONSOLE_ONLY_LIBRARY_FILES = /\/(useMutation|mutationObserver|useInfiniteQuery|infiniteQueryObserver|infiniteQueryOptions|useBlocker)\.js$/;
/** Stylesheets of the signed-in member's screens (features by tag; see the `member` chunk group below). */
const MEMBER_STYLES = /\/src\/features\/(cart|checkout|classroom|payment|points|player|qna|quiz|ratings)\/[^/]+\.css$/;
const firstPaintCache = new Map<string, boolean>();
function isFirstPaintAppModule(id: string): boolean {
  if (/vite\/preload-helper|rolldown\/runtime/.test(id)) return true;
  if (!/\/(src|rules)\/.*\.tsx?$/.test(id)) return false;
  let marked = firstPaintCache.get(id);
  if (marked === undefined) {
    marked = existsSync(id) && readFileSync(id, 'utf8').slice(0, 600).includes(FIRST_PAINT_MARKER);
    firstPaintCache.set(id, marked);
  }
  return marked;
}

export default defineConfig(({ mode }) => ({
  // The app's environment, validated with zod here: a wrong value fails the build, not the visitor's page.
  define: configDefine(loadEnv(mode, process.cwd(), 'VITE_')),
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      codeSplittingOptions: {
        splitBehavior: ({ routeId }) => {
          // Layout routes and /main render first-paint code that already travels in the first chunk:
          // splitting them would only add a request.
          if (['/_a', '/_b', '/_bare', '/_print', '/_a/main'].includes(routeId)) return [['errorComponent', 'notFoundComponent']];
          return undefined;
        },
        // A screen's loader travels with its component: one request brings both, and the query
        // factories of every other screen stay out of the first chunk.
        defaultBehavior: [['loader', 'component'], ['pendingComponent'], ['errorComponent', 'notFoundComponent']],
      },
    }),
    react(),
  ],
  server: {
    port: 5173,
    proxy: Object.fromEntries(backendPaths.map((p) => [p, { target: backend, changeOrigin: true }])),
  },
  build: {
    target: 'es2022',
    manifest: true,
    // Every supported browser has native modulepreload: no polyfill in the entry. Only index.html preloads
    // (the entry's imports); dynamic imports carry no preload lists, which would cost first-paint bytes:
    // the reference backend preloads a deep link's screen chunks instead (server/http/routePreloads.ts).
    modulePreload: { polyfill: false, resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []) },
    sourcemap: false,
    rolldownOptions: {
      output: {
        // What every first paint needs travels as one file instead of a dozen small ones; libraries only
        // some screens or signed-in members need (supabase-js, xstate, sweetalert2, DOMPurify) keep their own chunks.
        codeSplitting: {
          groups: [
            // Mutations only run on member screens: useMutation / MutationObserver stay with those chunks; so do the
            // infinite queries and the navigation blocker, which only the console uses (its lists and forms).
            { name: 'framework', test: (id: string) => (FIRST_PAINT_LIBRARIES.test(id) && !CONSOLE_ONLY_LIBRARY_FILES.test(id)) || isFirstPaintAppModule(id) },
            // The member screens' styles travel as one stylesheet: each separate file would add its name to the
            // entry's dynamic-import map, which is first-paint bytes for a visitor who never opens those screens.
            { name: 'member', test: MEMBER_STYLES },
          ],
        },
      },
    },
  },
}));

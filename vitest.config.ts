import { loadEnv } from 'vite';
import { configDefaults, defineConfig } from 'vitest/config';
import { configDefine } from './src/configSchema.ts';

/**
 * Unit files that keep a module graph of their own. src: many mock modules (vi.mock), stub fetch or the clock, and
 * run in jsdom. server/tests/media-origin.test.ts: MEDIA_ORIGIN is read once when server/lib/mediaOrigin.ts loads.
 */
const UNIT_ISOLATED = ['src/**/*.test.{ts,tsx}', 'server/tests/media-origin.test.ts'];

export default defineConfig({
  // Same validated configuration constant as the app build (vite.config.ts).
  define: configDefine(loadEnv('test', process.cwd(), 'VITE_')),
  test: {
    projects: [
      // The unit step is two projects (`--project 'unit*'` runs both): `unit` shares one module graph per worker,
      // `unit-isolated` gives each file its own. With a fresh graph per file, importing the Hono server, the
      // dispatcher and PGlite was over half of the step's CPU (import 578 s of 1,995 s of tests, 511 CPU-s; 359 shared,
      // session 43, docs/decisions.md).
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['machines/**/*.test.ts', 'rules/**/*.test.ts', 'scripts/**/*.test.ts', 'server/**/*.test.ts', 'supabase/**/*.test.ts', 'fakes/**/*.test.ts', 'e2e/faultMatrix.test.ts'],
          exclude: [...configDefaults.exclude, ...UNIT_ISOLATED],
          // Safe because none of these files mocks a module or stubs a global, the ones that set process.env or fake
          // the clock restore them in afterAll / afterEach / finally, every server is built per file (testServer), and
          // the server's module-level state is what the code decides (the yaml's parse, drawn clips, a signing key
          // random per process) — except MEDIA_ORIGIN, read once at import: its file is in `unit-isolated`.
          isolate: false,
          environment: 'node',
          testTimeout: 20_000,
          // Setup and teardown are not what a test measures: a PostgreSQL `drop database ... with (force)` took over the
          // 10 s default in an afterAll of a clean-clone CI run with the cores 84 % busy.
          hookTimeout: 60_000,
          // Every in-memory server of the run starts from one migrated and seeded database (server/db/template.ts).
          globalSetup: ['server/db/template.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'unit-isolated',
          include: UNIT_ISOLATED,
          environment: 'node',
          testTimeout: 20_000,
          hookTimeout: 60_000,
          // The second project reuses the first's PostgreSQL template (server/db/template.ts).
          globalSetup: ['server/db/template.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'pact',
          // Consumer pacts: the real client against pact's mock server, writing into PACT_DIR (contracts/pact-dirs.ts).
          include: ['contracts/consumer/**/*.pact.test.ts'],
          environment: 'node',
          // Pact mock servers and the shared pact files do not like parallel writers.
          fileParallelism: false,
          // One worker imports the client, pact and the fixtures once for all the files, one file after another: a
          // fresh worker per file cost ~1 s each (CI of 2026-11-28: 119 s for 69 s of test files, ~0.5 s a consumer
          // file). Safe because no file mocks or stubs anything, each file that sets the client's token source resets
          // it (afterAll or finally), and no file starts a server: the reference backend's @hono/node-server replaces
          // the global Request/Response, which openapi-fetch's instanceof check then refuses (every consumer file
          // failed so after contracts/provider/states.test.ts), hence the provider's checks in a project of their own.
          isolate: false,
          testTimeout: 30_000,
          globalSetup: ['contracts/clear-pacts.ts'],
          // The Rust mock server (pact 16.3+) can report a request it received and answered as "expected but not
          // received" under CPU load (pact-foundation/pact-reference#535, open): one clean-clone CI run failed so on
          // LeaveUser, 1 of 5 local runs of the same step passed it. A second try; a real mismatch fails both.
          retry: 1,
        },
      },
      {
        extends: true,
        test: {
          name: 'pact-provider',
          // The verifier's own checks: provider states, the member's token, a provider in another process. They read
          // the committed contracts/pacts, never PACT_DIR; vitest runs them after the consumer files (a project that
          // isolates its files goes last), whose mock servers miscount under the CPU they take (docs/decisions.md,
          // session 43). No retry: it is for the consumer side's mock server.
          include: ['contracts/provider/**/*.test.ts'],
          environment: 'node',
          fileParallelism: false,
          testTimeout: 30_000,
          // contracts/provider starts a server in beforeAll: on the shared 2-core machine (load ~19) that took over 10 s.
          hookTimeout: 120_000,
          globalSetup: ['server/db/template.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.test.ts'],
          environment: 'node',
          // One server (a fresh database) per file; files run one after another.
          fileParallelism: false,
          // In one worker that imports playwright-core and the server once and keeps one Chromium (e2e/support.ts
          // fileBrowser): a fresh worker per file cost ~3 s of CPU each in imports and ~0.65 s in a launch. Safe because no
          // file mocks or stubs anything or sets process.env, the server's module-level caches hold only what a
          // file's content decides (the yaml's parse, the sample clips), each file closes its servers and contexts, and
          // the members' stored sign-ins are forgotten with their server.
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 180_000,
          globalSetup: ['e2e/global-setup.ts', 'server/db/template.ts'],
        },
      },
    ],
  },
});

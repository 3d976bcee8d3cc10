import type { KnipConfig } from 'knip';

/** `npm run knip`: unused files, exports and dependencies. Vite (index.html) and vitest projects are found by knip's plugins. */
const config: KnipConfig = {
  entry: [
    'server/main.ts',
    'server/worker.ts',
    'scripts/*.{ts,mjs}',
    'scripts/budget/*/**/*.{ts,tsx}',
    'contracts/**/*.ts',
    'e2e/**/*.ts',
    // Compile-time checks of the typed client and the typed handlers: nothing imports them, tsc runs them.
    'src/**/*.typetest.ts',
    'server/**/*.typetest.ts',
  ],
  project: ['src/**/*.{ts,tsx}', 'machines/**/*.ts', 'rules/**/*.ts', 'server/**/*.ts', 'scripts/**/*.{ts,mjs}', 'contracts/**/*.ts', 'e2e/**/*.ts', 'supabase/**/*.ts', 'fakes/**/*.ts'],
  // The Edge Functions' Deno entries (Deno globals, npm:/jsr: specifiers) are outside Node's reach; their logic is not.
  ignore: ['src/api/schema.gen.ts', 'supabase/functions/*/index.ts'],
  // A message or key exported beside the code that uses it documents the product's words; tests import some.
  ignoreExportsUsedInFile: true,
  // Run by path (node_modules/.bin/swagger-mock-validator) from scripts/pact-openapi.ts.
  // @pact-foundation/pact-cli: its platform binary is resolved by path from scripts/pact-cli.ts.
  ignoreDependencies: ['@pactflow/swagger-mock-validator', '@pact-foundation/pact-cli'],
  // System programs, not npm ones: Debian's ffmpeg (scripts/preflight.sh installs it) and util-linux's setpriv
  // (server/media/transcode.ts uses it where it is, to tie ffmpeg's life to the worker's).
  ignoreBinaries: ['ffmpeg', 'setpriv'],
};

export default config;

// @ts-check
/**
 * `npm run lint`. The layering rules of the app are written here, once (README "Architecture" summarises them):
 *
 *   routes → features → components → auth → api → lib
 *
 * - routes (src/routes, the router files) may use every app layer below;
 * - features (src/features/<tag>) may use components, auth, api, lib and their own folder's siblings;
 * - components (the shell: header, footer, layouts, ui) may use auth, api and lib — the header shows who
 *   is signed in and the cart count, which are identity and API facts;
 * - auth (who is signed in) may use session, api, lib and the identity machines; session (the users table) only lib;
 * - features may use the machines they drive (checkout, quiz); the card-provider port lives with checkout
 *   (src/features/checkout/provider) and is loaded by the payment page only;
 * - api (the one client, the query factories by tag) only lib; lib nothing of the app;
 * - machines/ depend on nothing of the app (xstate, their own folder, rules/, and the contract types by `import type`:
 *   schema.gen.ts exports only types, and verbatimModuleSyntax makes any import of it a type import);
 * - rules/ holds pure rules the browser and the reference backend both apply (a banner link's safe href);
 *   it imports nothing, and every layer, server included, may import it;
 * - server/ imports nothing of src/; inside it, one way down (SERVER_LAYERS below):
 *     root (boot, composition) → http → openapi → domain → db → lib     handlers → openapi, media, domain, local, db, lib
 *     media → domain, db, lib     local → db, lib     nothing below imports upward, and only the root imports handlers;
 * - the generated contract types (src/api/schema.gen.ts) are the exception every layer may import, server included.
 * Tests, e2e/, scripts/ and contracts/ are unrestricted but lint-clean.
 */
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import boundaries from 'eslint-plugin-boundaries';

/**
 * Which layers each layer may import (its own layer is always allowed). `app` is the root of src/: config
 * (read by every layer) plus entry and router, which only routes and the entry may import (APP_ROOT_ONLY).
 */
const MAY_IMPORT = {
  app: ['routes', 'features', 'components', 'auth', 'session', 'api', 'lib', 'machines'],
  routes: ['features', 'components', 'auth', 'api', 'lib', 'app'],
  // The checkout screens drive the checkout machine; the card-provider port is checkout's own (features/checkout/provider).
  features: ['components', 'auth', 'api', 'lib', 'machines', 'app'],
  components: ['auth', 'api', 'lib', 'app'],
  auth: ['session', 'api', 'lib', 'machines', 'app'],
  session: ['lib', 'app', 'machines'],
  api: ['lib', 'app'],
  lib: [],
  machines: [],
  rules: [],
  // Of src/ only the generated contract types (the last policy below allows them to every layer).
  // The reference backend's own layers (README "Architecture"): the root (boot and composition) wires them all.
  server: ['server-http', 'server-openapi', 'server-handlers', 'server-jobs', 'server-media', 'server-mail', 'server-domain', 'server-local', 'server-db', 'server-lib'],
  // The HTTP edge: fast path, static files, security headers, first-paint rewriting.
  'server-http': ['server-openapi', 'server-domain', 'server-db', 'server-lib'],
  // One file per yaml tag; only the composition root imports them.
  'server-handlers': ['server-openapi', 'server-media', 'server-domain', 'server-local', 'server-db', 'server-lib'],
  // Dispatch, routing, validation, limits, the hot cache, the operation context and its types.
  'server-openapi': ['server-domain', 'server-local', 'server-db', 'server-lib'],
  // The job queue (pg-boss) and its workers: lecture video processing (issue 38).
  'server-jobs': ['server-media', 'server-mail', 'server-domain', 'server-db', 'server-lib'],
  // The store's mail (issue 40): templates and the SMTP sender; the outbox itself is domain (server/domain/mailOutbox.ts).
  'server-mail': ['server-domain', 'server-lib'],
  // Generated artwork, the sample lecture video, PDFs, uploads and ffmpeg.
  'server-media': ['server-domain', 'server-db', 'server-lib'],
  // The rules with names: ownership, lectures, member lectures, videos, orders and money, certificates.
  'server-domain': ['server-db', 'server-lib'],
  // The local-mode identity stand-ins.
  'server-local': ['server-db', 'server-lib'],
  'server-db': ['server-lib'],
  'server-lib': [],
};

/** server/<folder> → its element type; the files at server/'s root are `server` (boot and composition). */
const SERVER_LAYERS = ['http', 'openapi', 'handlers', 'jobs', 'media', 'mail', 'domain', 'local', 'db', 'lib'];

/** The router and the entry sit at the root of src/ beside config; below routes nobody imports them. */
const APP_ROOT_ONLY = { regex: '^(\\.\\./)+(router|routeTree\\.gen|main)(\\.tsx?)?$', message: 'Only routes and the entry import the router or the entry (eslint.config.js).' };

export default tseslint.config(
  {
    ignores: ['dist/**', 'dist-live/**', 'node_modules/**', 'src/routeTree.gen.ts', 'src/api/schema.gen.ts', '.data/**', 'contracts/pacts/**', 'screenshots/**',
      // Deno entries of the Supabase Edge Functions (Deno globals); their handler.ts and adapters.ts are linted.
      'supabase/functions/*/index.ts'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      // `_name` marks a parameter a signature requires but the body does not use.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // Merged modules leave two imports of one file behind; one import line per module.
      'no-duplicate-imports': ['error', { allowSeparateTypeImports: true }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'machines/**/*.ts', 'rules/**/*.ts', 'server/**/*.ts'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { typescript: { project: './tsconfig.json' } },
      'boundaries/include': ['src/**/*', 'machines/**/*', 'rules/**/*', 'server/**/*'],
      // Tests may reach across layers to set up what a caller would see.
      'boundaries/ignore': ['**/*.test.ts', '**/*.test.tsx', '**/*.typetest.ts'],
      // The generated contract types: every layer may read them (ARCHITECTURE.md: a record's type comes from there).
      'boundaries/files': [{ category: 'contract', pattern: 'src/api/schema.gen.ts' }],
      'boundaries/elements': [
        { type: 'routes', pattern: 'src/routes', partialMatch: false },
        { type: 'features', pattern: 'src/features', partialMatch: false },
        { type: 'components', pattern: 'src/components', partialMatch: false },
        { type: 'auth', pattern: 'src/auth', partialMatch: false },
        { type: 'session', pattern: 'src/session', partialMatch: false },
        { type: 'api', pattern: 'src/api', partialMatch: false },
        { type: 'lib', pattern: 'src/lib', partialMatch: false },
        // The files at the root of src/: entry, router, generated route tree, configuration (see APP_ROOT_ONLY).
        { type: 'app', pattern: 'src', partialMatch: false },
        { type: 'machines', pattern: 'machines', partialMatch: false },
        { type: 'rules', pattern: 'rules', partialMatch: false },
        ...SERVER_LAYERS.map((layer) => ({ type: `server-${layer}`, pattern: `server/${layer}`, partialMatch: false })),
        { type: 'server', pattern: 'server', partialMatch: false },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          message: 'Layer rule: {{from.type}} may not import {{to.type}} (eslint.config.js lists who may import what)',
          policies: [
            ...Object.entries(MAY_IMPORT).map(([from, to]) => ({
              from: { element: { type: from } },
              allow: { to: { element: { types: { anyOf: [from, ...to] } } } },
            })),
            { allow: { to: { file: { categories: 'contract' } } } },
            { allow: { to: { element: { types: 'rules' } } } },
          ],
        },
      ],
      // An import the resolver cannot place in a layer (a typo, or a file outside the known folders) is an error too.
      'boundaries/no-unknown-dependencies': 'error',
    },
  },
  {
    files: ['src/{features,components,auth,session,api,lib}/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [APP_ROOT_ONLY] }] },
  },
  {
    // External packages: machines use xstate only; everything else may use its packages.
    files: ['machines/**/*.ts'],
    ignores: ['machines/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '^(?!xstate$|\\.{1,2}/)', message: 'machines/ depend on xstate and their own folder only' }] }],
    },
  },
  {
    // Server tests read response JSON loosely (`json.datas.list.find(...)`), as a caller would; handlers are typed
    // from the generated operations (server/openapi/typed.ts) and take no `any`.
    files: ['server/**/*.test.ts', 'server/testing.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Pact provider plumbing and the benchmark read loosely typed JSON from tools; being reworked in parallel (issue 10, CI part).
    files: ['contracts/**/*.ts', 'scripts/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
  },
);

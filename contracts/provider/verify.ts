import { interactionCount, memberToken, pactFiles, statesUrl, verifyPacts } from './verify-pacts';

/**
 * npm run pact:verify [-- --provider-base-url <url>]
 *   default: the reference backend on a fresh in-memory database, states written straight into it;
 *   --provider-base-url: a running provider. With PACT_STATES_SECRET its `POST /_pact/provider-states` sets each
 *   state up (contracts/PROVIDER_STATES.md); the member's token from PACT_PROVIDER_TOKEN / PACT_PROVIDER_TOKEN_CMD,
 *   else the provider's local sign-in if it has one.
 */
const i = process.argv.indexOf('--provider-base-url');
const external = i >= 0 ? process.argv[i + 1]?.replace(/\/+$/, '') : undefined;
if (i >= 0 && !external) {
  console.error('[pact:verify] --provider-base-url needs a URL');
  process.exit(2);
}
const files = pactFiles();
if (files.length === 0) {
  console.log('[pact:verify] no pacts in contracts/pacts — nothing to verify');
  process.exit(0);
}
const statesSecret = external ? process.env.PACT_STATES_SECRET || undefined : undefined;
// Imported only here: a run against a running provider needs none of the reference backend (~1.5 s of CPU to load).
const server = external ? undefined : await (await import('../../server/start')).startServer({ memory: true, quiet: true });
const baseUrl = external ?? server!.url;
try {
  if (external && !statesSecret)
    console.warn('[pact:verify] PACT_STATES_SECRET is not set: no provider state is set up; interactions that need one pass only if the provider already holds that data');
  const token = await memberToken(baseUrl);
  if (!token)
    console.warn('[pact:verify] no member token (set PACT_PROVIDER_TOKEN or PACT_PROVIDER_TOKEN_CMD): signed-in interactions will be refused');
  await verifyPacts({ baseUrl, files, db: server?.db, statesSecret, token });
  const states = server ? 'states written into its database' : statesSecret ? `states through ${statesUrl(baseUrl)}` : 'no provider states';
  console.log(`[pact:verify] ${interactionCount(files)} interactions in ${files.length} pact file(s) verified against ${baseUrl} (${states})`);
} catch (err) {
  console.error('[pact:verify] verification failed:', (err as Error).message);
  process.exitCode = 1;
} finally {
  await server?.close();
}

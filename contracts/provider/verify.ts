import { startServer } from '../../server/start';
import { pactFiles, verifyPacts } from './verify-pacts';

// npm run pact:verify [-- --provider-base-url <url>]: our server on a fresh in-memory DB by default.
const i = process.argv.indexOf('--provider-base-url');
const external = i >= 0 ? process.argv[i + 1] : undefined;
const files = pactFiles();
if (files.length === 0) {
  console.log('[pact:verify] no pacts in contracts/pacts — nothing to verify');
  process.exit(0);
}
const server = external ? undefined : await startServer({ memory: true, quiet: true });
try {
  await verifyPacts({ baseUrl: external ?? server!.url, files, db: server?.db });
  console.log(`[pact:verify] ${files.length} pact file(s) verified against ${external ?? server!.url}`);
} catch (err) {
  console.error('[pact:verify] verification failed:', (err as Error).message);
  process.exitCode = 1;
} finally {
  await server?.close();
}

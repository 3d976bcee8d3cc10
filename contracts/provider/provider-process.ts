import { startServer } from '../../server/start';

/**
 * The reference backend in a process of its own, as `npm start` runs it but on a fresh in-memory database and a free
 * port (PORT to choose one): what `pact:verify --provider-base-url` is tested against. Prints `{"url": …}` once
 * listening; PACT_STATES_SECRET mounts the provider-state endpoint, as it does for `npm start`.
 */
const server = await startServer({ memory: true, quiet: true, port: Number(process.env.PORT || 0) });
process.stdout.write(`${JSON.stringify({ url: server.url })}\n`);
const stop = async () => {
  await server.close();
  process.exit(0);
};
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());

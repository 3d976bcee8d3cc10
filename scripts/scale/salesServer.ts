/**
 * The storefront's server alone on the database of SALES_DATABASE_URL, for scripts/bench-sales.ts: a process that does
 * nothing but serve, so its RSS is what an export costs a serving process. Prints its address as one JSON line.
 */
import { startServer } from '../../server/start';

const url = process.env.SALES_DATABASE_URL;
if (!url) throw new Error('SALES_DATABASE_URL is not set');
const server = await startServer({ port: 0, databaseUrl: url, quiet: true, jobs: false, dbDir: process.env.SALES_DATA_DIR });
console.log(JSON.stringify({ url: server.url }));
process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));

import { spawn } from 'node:child_process';
import { startServer } from '../server/start';

// npm run dev: the API on API_PORT (4174) without static serving, plus Vite whose proxy (vite.config.ts) forwards API paths.
const apiPort = Number(process.env.API_PORT || 4174);
const api = await startServer({ port: apiPort, host: '::' });
console.log(`[dev] API on ${api.url}`);
const vite = spawn('npx', ['vite'], { stdio: 'inherit', env: { ...process.env, API_PORT: String(apiPort) } });
const stop = async () => {
  vite.kill('SIGTERM');
  await api.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
vite.on('exit', (code) => void api.close().then(() => process.exit(code ?? 0)));

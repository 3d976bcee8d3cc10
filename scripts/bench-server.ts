import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
// @ts-expect-error autocannon ships no type declarations
import autocannon from 'autocannon';
import { startServer } from '../server/start';

// npm run bench:server: hot catalogue reads against a bare node:http JSON endpoint, in one run.
const DURATION = Number(process.env.BENCH_SECONDS || 8);
process.env.NODE_ENV = 'production'; // responses are validated only outside production
const api = await startServer({ memory: true, quiet: true, validateResponses: false });
const payload = JSON.stringify({ success: true, respMessage: '', datas: [{ id: 1, name: '필라테스' }] });
const bare = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
  res.end(payload);
});
await new Promise<void>((ok) => bare.listen(0, '127.0.0.1', () => ok()));
const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}`;
const headers = { 'X-Storefront-Client': 'web/1.0', 'content-type': 'application/json' };

async function run(title: string, url: string, method: 'GET' | 'POST', body?: string, extra: Record<string, string> = {}) {
  const r = await autocannon({ url, method, body, headers: { ...headers, ...extra }, connections: 10, duration: DURATION });
  if (r.non2xx) throw new Error(`${title}: ${r.non2xx} non-2xx responses`);
  const row = { title, rps: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99 };
  console.log(`${title.padEnd(28)} ${String(row.rps).padStart(7)} req/s  p50 ${row.p50} ms  p99 ${row.p99} ms`);
  return row;
}

const base = await run('bare node:http', bareUrl, 'GET');
const lectures = await run('GetOnlineLectures', `${api.url}/api/Contents/GetOnlineLectures/`, 'POST', JSON.stringify({ page: 1, pageSize: 12, isonlybranch: true }));
const cats = await run('Category/GetList', `${api.url}/api/Category/GetList/category?isactive=1&pcategoryid=0`, 'GET', undefined, { 'X-Application-Id': 'pilates-web', 'X-Application-Key': 'local-dev-key' });
await api.close();
bare.close();

let failed = false;
for (const r of [lectures, cats]) {
  const ratio = r.rps / base.rps;
  const okRatio = ratio >= 0.5;
  const okP99 = r.p99 <= 20;
  failed ||= !okRatio || !okP99;
  console.log(`${r.title.padEnd(28)} ${(ratio * 100).toFixed(0)}% of bare (target ≥ 50%) ${okRatio ? 'ok' : 'MISSED'}; p99 ${r.p99} ms (target ≤ 20) ${okP99 ? 'ok' : 'MISSED'}`);
}
process.exit(failed ? 1 : 0);

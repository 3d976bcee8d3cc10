/**
 * `npm run bench:transcode` (issue 38): how fast a lecture video is processed on this machine, and what that costs the
 * members. A 60 s 1280×720 test video (ffmpeg's testsrc2 with a tone) is uploaded over tus to a server in its own
 * process (PGlite, the job queue on); the transcode's speed is the video's length over the time from 변환 중 to
 * 게시 가능. A member read (GetMyLectures, uncached: the database answers) is loaded with autocannon for ROUND_S seconds
 * idle, then again while ffmpeg runs. Prints req/s, p50 and p99 of both. Not a gate (docs/decisions.md, "Lecture video").
 */
import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
// @ts-expect-error autocannon ships no type declarations
import autocannon from 'autocannon';

const SELF = fileURLToPath(import.meta.url);
const SECONDS = Number(process.env.BENCH_VIDEO_SECONDS ?? 60);
const ROUND_S = 8;
const CLIENT = { 'X-Storefront-Client': 'web/1.0' };

if (process.argv[2] === 'serve') {
  const { startServer } = await import('../server/start');
  const api = await startServer({ memory: true, quiet: true, jobs: true });
  process.send!({ port: api.port });
} else await main();

async function signIn(url: string, email: string): Promise<string> {
  const res = await fetch(`${url}/local/auth/sign-in`, { method: 'POST', headers: { ...CLIENT, 'content-type': 'application/json' }, body: JSON.stringify({ email, remember: false }) });
  return ((await res.json()) as { datas: { accessToken: string } }).datas.accessToken;
}

async function load(url: string, token: string) {
  const r = await autocannon({
    url: `${url}/api/Contents/GetMyLectures/`,
    method: 'POST',
    headers: { ...CLIENT, 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ page: 1, pageSize: 10, useruid: 'u-demo-1', status: 'ing' }),
    connections: 4,
    duration: ROUND_S,
  });
  if (r.non2xx || r.errors) throw new Error(`load: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return { rps: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99 };
}

async function main() {
  const work = mkdtempSync(join(tmpdir(), 'bench-transcode-'));
  const video = join(work, 'lecture.mp4');
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=30', '-f', 'lavfi', '-i', 'sine=frequency=440',
    '-t', String(SECONDS), '-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', video]);
  const proc: ChildProcess = fork(SELF, ['serve'], { execArgv: ['--import', 'tsx'], env: { ...process.env, NODE_ENV: 'production' }, stdio: 'inherit' });
  try {
    const port = await new Promise<number>((ok, no) => {
      proc.once('message', (m: { port: number }) => ok(m.port));
      proc.once('exit', (code) => no(new Error(`server exited with ${code}`)));
    });
    const url = `http://127.0.0.1:${port}`;
    const [member, operator] = [await signIn(url, 'member@demo.kr'), await signIn(url, 'staff@demo.kr')];
    await load(url, member); // warm-up
    const idle = await load(url, member);

    const bytes = readFileSync(video);
    const tus = { ...CLIENT, 'Tus-Resumable': '1.0.0', authorization: `Bearer ${operator}` };
    const created = await fetch(`${url}/api/Admin/Uploads`, {
      method: 'POST',
      headers: { ...tus, 'Upload-Length': String(bytes.length), 'Upload-Metadata': `videoid ${Buffer.from('10112').toString('base64')}` },
    });
    if (created.status !== 201) throw new Error(`upload: ${created.status} ${await created.text()}`);
    const patched = await fetch(url + created.headers.get('location')!, {
      method: 'PATCH',
      headers: { ...tus, 'Upload-Offset': '0', 'content-type': 'application/offset+octet-stream' },
      body: new Uint8Array(bytes),
    });
    if (patched.status !== 204) throw new Error(`upload: ${patched.status}`);
    const state = async () =>
      ((await (await fetch(`${url}/api/Admin/Lectures/10112/Media`, { headers: tus })).json()) as { datas: { state: string; progress: number } }).datas;
    const started = Date.now();
    const during = await load(url, member);
    const progressAfterLoad = (await state()).progress;
    let s = await state();
    while (s.state === 'processing') {
      await new Promise((r) => setTimeout(r, 250));
      s = await state();
    }
    const took = (Date.now() - started) / 1000;
    if (s.state !== 'ready') throw new Error(`transcode ended ${s.state}`);
    console.log(`\nTranscode of a ${SECONDS} s 1280×720 video into 720p/480p/360p (HLS fMP4), ffmpeg at nice 19:`);
    console.log(`  ${took.toFixed(1)} s, ×${(SECONDS / took).toFixed(2)} real time (the load round ran during its first ${ROUND_S} s, to ${progressAfterLoad} %)`);
    console.log('GetMyLectures, 4 connections:');
    console.log(`  idle:             ${idle.rps} req/s, p50 ${idle.p50} ms, p99 ${idle.p99} ms`);
    console.log(`  during transcode: ${during.rps} req/s, p50 ${during.p50} ms, p99 ${during.p99} ms`);
  } finally {
    proc.kill('SIGTERM');
    rmSync(work, { recursive: true, force: true });
  }
}

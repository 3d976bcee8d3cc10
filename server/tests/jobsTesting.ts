import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { expect } from 'vitest';
import { CLIENT } from '../testing';

/**
 * Helpers of the job queue's tests (jobs-*.test.ts): a real short video, an ffmpeg that counts its runs, a tus upload,
 * bounded waits, and the store's entry points in processes of their own.
 */

/** ffmpeg's test source as an H.264 MP4 (no sound): `seconds` long, `width`×`height`. */
export function makeVideo(path: string, seconds: number, width = 320, height = 240): string {
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', `testsrc2=size=${width}x${height}:rate=24`, '-t', String(seconds),
    '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', path]);
  return path;
}

export interface CountingFfmpeg {
  /** FFMPEG_PATH for the store. */
  path: string;
  /** The encoding runs so far (the ladder's, not the probe's or the poster's): who ran them and on which upload. */
  encodings(): { pid: number; parent: number; args: string }[];
  /** While set, every encoding run fails as a crashed encoder would. */
  failing(on: boolean): void;
}

/**
 * An ffmpeg in front of the real one that writes a line per run (its pid, its parent's: the store's process that
 * started it, and its arguments). `realTime`: the encoding reads its input at the video's own speed (`-re`), so a run
 * lasts at least the video's length and a test can act while it runs.
 */
export function countingFfmpeg(dir: string, options: { realTime?: boolean } = {}): CountingFfmpeg {
  const log = join(dir, 'ffmpeg-runs.log');
  const flag = join(dir, 'ffmpeg-fails');
  const path = join(dir, 'ffmpeg');
  writeFileSync(log, '');
  writeFileSync(
    path,
    `#!/bin/sh
echo "$$ $PPID $*" >> '${log}'
case " $* " in *" -filter_complex "*)
  if [ -e '${flag}' ]; then echo "simulated encoder crash" >&2; exit 1; fi
  ${options.realTime ? 'exec ffmpeg -re "$@"' : ''};;
esac
exec ffmpeg "$@"
`,
  );
  chmodSync(path, 0o755);
  return {
    path,
    encodings: () =>
      readFileSync(log, 'utf8')
        .split('\n')
        .filter((l) => l.includes(' -filter_complex '))
        .map((l) => {
          const [pid, parent, ...args] = l.split(' ');
          return { pid: Number(pid), parent: Number(parent), args: args.join(' ') };
        }),
    failing: (on) => (on ? writeFileSync(flag, '') : rmSync(flag, { force: true })),
  };
}

type Truthy<T> = Exclude<T, false | null | undefined | 0 | ''>;

/** `check` until it returns something truthy, for at most `ms`; the error names what was awaited and `context()`. */
export async function waitFor<T>(what: string, check: () => T | Promise<T>, ms = 60_000, context: () => string = () => ''): Promise<Truthy<T>> {
  for (const end = Date.now() + ms; ; await delay(100)) {
    const v = await check();
    if (v) return v as Truthy<T>;
    if (Date.now() > end) throw new Error(`timed out after ${ms} ms waiting for ${what}\n${context()}`);
  }
}

export async function signIn(url: string, email: string): Promise<string> {
  const res = await fetch(`${url}/local/auth/sign-in`, { method: 'POST', headers: { ...CLIENT, 'content-type': 'application/json' }, body: JSON.stringify({ email, remember: false }) });
  if (!res.ok) throw new Error(`sign-in as ${email}: ${res.status}`);
  return ((await res.json()) as { datas: { accessToken: string } }).datas.accessToken;
}

const tusHeaders = (token: string, extra: Record<string, string>) => ({ ...CLIENT, 'Tus-Resumable': '1.0.0', Authorization: `Bearer ${token}`, ...extra });

/** A whole file uploaded over tus to a lecture in one PATCH; its upload id. */
export async function uploadLecture(url: string, token: string, videoid: number, bytes: Uint8Array): Promise<string> {
  const created = await fetch(`${url}/api/Admin/Uploads`, {
    method: 'POST',
    headers: tusHeaders(token, { 'Upload-Length': String(bytes.length), 'Upload-Metadata': `videoid ${Buffer.from(String(videoid)).toString('base64')}` }),
  });
  if (created.status !== 201) throw new Error(`upload of lecture ${videoid}: ${created.status} ${await created.text()}`);
  const location = created.headers.get('location')!;
  const patched = await fetch(url + location, {
    method: 'PATCH',
    headers: tusHeaders(token, { 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' }),
    body: new Uint8Array(bytes),
  });
  if (patched.status !== 204) throw new Error(`upload of lecture ${videoid}: PATCH ${patched.status} ${await patched.text()}`);
  return location.split('/').pop()!;
}

export interface LectureMediaState {
  state: string;
  progress: number;
  error: string | null;
  renditions: string[];
  uploadid: string | null;
}

export async function lectureMedia(url: string, token: string, videoid: number): Promise<LectureMediaState> {
  const res = await fetch(`${url}/api/Admin/Lectures/${videoid}/Media`, { headers: { ...CLIENT, Authorization: `Bearer ${token}` } });
  return ((await res.json()) as { datas: LectureMediaState }).datas;
}

export interface NodeProcess {
  child: ChildProcess;
  output(): string;
  /** Resolves with the exit code (or signal) once the process has exited. */
  exited: Promise<number | string | null>;
}

/** A server entry (`server/main.ts`, `server/worker.ts`) in a process of its own, its output kept for the assertions. */
export function startEntry(entry: 'main.ts' | 'worker.ts', env: Record<string, string>): NodeProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, '..', entry)], {
    env: { PATH: process.env.PATH, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | string | null>((ok) => child.once('exit', (code, signal) => ok(code ?? signal)));
  return { child, output: () => output, exited };
}

export const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

export async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((ok) => s.listen(0, '127.0.0.1', ok));
  const { port } = s.address() as { port: number };
  await new Promise((ok) => s.close(ok));
  return port;
}

/**
 * The lecture's ladder as one run makes it (the file store): the upload's folder only, its playlist naming exactly the
 * segments beside it, and no try's work folder left (a cut try's goes with the next try, the next one's with its
 * publication).
 */
export function expectOneLadder(dataDir: string, videoid: number, uploadid: string): void {
  const lectureDir = join(dataDir, 'media', 'uploaded', String(videoid));
  expect(readdirSync(lectureDir)).toEqual([uploadid]);
  const ladder = join(lectureDir, uploadid);
  expect(readdirSync(ladder).sort()).toEqual(['360p', 'master.m3u8', 'poster.jpg']);
  const named = readFileSync(join(ladder, '360p', 'index.m3u8'), 'utf8')
    .split('\n')
    .filter((l) => l.endsWith('.m4s'));
  expect(named.length).toBeGreaterThan(0);
  expect(readdirSync(join(ladder, '360p')).filter((f) => f.endsWith('.m4s')).sort()).toEqual([...named].sort());
  expect(readdirSync(join(dataDir, 'transcode')).filter((f) => f.startsWith(uploadid))).toEqual([]);
}

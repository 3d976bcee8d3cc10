import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A lecture video made into an HLS ladder (fMP4 segments), a poster frame and its duration, by ffmpeg (LIVE-SERVICES.md,
 * "HLS ladder with ffmpeg"). Each rung the source allows (never upscaled; the smallest always); ffmpeg runs at the
 * lowest CPU priority, so the process answering members keeps its core (docs/decisions.md, "Lecture video").
 */
export const LADDER = [
  { name: '1080p', height: 1080, video: 5000, max: 5350 },
  { name: '720p', height: 720, video: 2800, max: 3000 },
  { name: '480p', height: 480, video: 1400, max: 1500 },
  { name: '360p', height: 360, video: 800, max: 860 },
] as const;

export interface Probe {
  durationSec: number;
  width: number;
  height: number;
  hasAudio: boolean;
}

export interface Transcoded extends Probe {
  renditions: string[];
  /** Relative to the output folder. */
  master: string;
  poster: string;
}

/** Why ffmpeg gave up, as the console shows it (the log line kept in English for the server log). */
export class TranscodeError extends Error {
  constructor(
    readonly korean: string,
    detail: string,
  ) {
    super(detail);
  }
}

// Read at each run: a test points them at a wrapper that counts its runs.
const ffmpegPath = () => process.env.FFMPEG_PATH || 'ffmpeg';
const ffprobePath = () => process.env.FFPROBE_PATH || 'ffprobe';

/**
 * util-linux's setpriv, where there is one (Linux): ffmpeg gets SIGKILL when the process that started it dies, which
 * otherwise leaves it encoding (and writing the ladder's folder) after a worker was killed (measured: it runs on).
 */
let pdeathsig: string[] | undefined;
const dieWithParent = () =>
  (pdeathsig ??= process.platform === 'linux' && spawnSync('setpriv', ['--version'], { stdio: 'ignore' }).status === 0 ? ['setpriv', '--pdeathsig', 'KILL'] : []);

function run(cmd: string, args: string[], onLine?: (line: string) => void, signal?: AbortSignal): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    // `nice` where there is one (Linux, macOS): the encoder yields the CPU to the API. A stop or a lost job kills it.
    const child = spawn(process.platform === 'win32' ? cmd : 'nice', process.platform === 'win32' ? args : ['-n', '19', ...dieWithParent(), cmd, ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
      signal,
    });
    let stdout = '';
    let stderr = '';
    let partial = '';
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
      if (!onLine) return;
      partial += d.toString();
      const lines = partial.split('\n');
      partial = lines.pop()!;
      lines.forEach(onLine);
    });
    child.stderr.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve({ stdout, stderr }) : reject(new Error(`${cmd} exited ${code}: ${stderr.trim().split('\n').slice(-3).join(' | ')}`))));
  });
}

/** Whether ffmpeg and ffprobe can be run here (npm start says what is off without them). */
export async function ffmpegAvailable(): Promise<boolean> {
  try {
    await run(ffmpegPath(), ['-hide_banner', '-version']);
    await run(ffprobePath(), ['-hide_banner', '-version']);
    return true;
  } catch {
    return false;
  }
}

export async function probe(input: string, signal?: AbortSignal): Promise<Probe> {
  let out: string;
  try {
    out = (await run(ffprobePath(), ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', input], undefined, signal)).stdout;
  } catch (err) {
    throw new TranscodeError('영상 파일을 읽을 수 없습니다. 손상되었거나 지원하지 않는 형식입니다.', (err as Error).message);
  }
  const info = JSON.parse(out) as { format?: { duration?: string }; streams?: { codec_type: string; width?: number; height?: number }[] };
  const video = info.streams?.find((s) => s.codec_type === 'video' && s.width && s.height);
  if (!video) throw new TranscodeError('영상 트랙이 없는 파일입니다.', 'no video stream');
  const durationSec = Math.round(Number(info.format?.duration ?? 0));
  if (!(durationSec > 0)) throw new TranscodeError('영상 길이를 알 수 없는 파일입니다.', 'no duration');
  return { durationSec, width: video.width!, height: video.height!, hasAudio: !!info.streams?.some((s) => s.codec_type === 'audio') };
}

/** The rungs a source of this height allows: none above it, and always the smallest. */
export function rungsFor(height: number) {
  const fitting = LADDER.filter((r) => r.height <= height);
  return fitting.length ? fitting : [LADDER[LADDER.length - 1]!];
}

/**
 * ffmpeg's HLS ladder into `outDir`: `master.m3u8`, `<rung>/index.m3u8` with `init_<n>.mp4` and `<n>.m4s`, and
 * `poster.jpg`. `onProgress` gets 0-100 as ffmpeg reports its position; `signal` kills ffmpeg.
 */
export async function transcodeLecture(input: string, outDir: string, onProgress: (percent: number) => void, signal?: AbortSignal): Promise<Transcoded> {
  const source = await probe(input, signal);
  const rungs = rungsFor(source.height);
  // A try cut short (a killed worker) left part of a ladder here: this one starts from nothing.
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const split = `[0:v]split=${rungs.length}${rungs.map((_, i) => `[s${i}]`).join('')};${rungs
    .map((r, i) => `[s${i}]scale=-2:${r.height}:flags=bicubic,format=yuv420p[v${i}]`)
    .join(';')}`;
  const args = ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', '-i', input, '-filter_complex', split];
  rungs.forEach((r, i) => {
    args.push('-map', `[v${i}]`);
    if (source.hasAudio) args.push('-map', '0:a:0');
    args.push(`-b:v:${i}`, `${r.video}k`, `-maxrate:v:${i}`, `${r.max}k`, `-bufsize:v:${i}`, `${r.video * 2}k`);
  });
  args.push('-c:v', 'libx264', '-preset', 'veryfast', '-profile:v', 'main', '-g', '48', '-keyint_min', '48', '-sc_threshold', '0');
  if (source.hasAudio) args.push('-c:a', 'aac', '-b:a', '128k', '-ac', '2');
  const streamMap = rungs.map((r, i) => (source.hasAudio ? `v:${i},a:${i},name:${r.name}` : `v:${i},name:${r.name}`)).join(' ');
  args.push(
    '-f', 'hls', '-hls_time', '4', '-hls_playlist_type', 'vod', '-hls_segment_type', 'fmp4',
    '-hls_flags', 'independent_segments', '-master_pl_name', 'master.m3u8', '-hls_fmp4_init_filename', 'init.mp4',
    '-hls_segment_filename', join(outDir, '%v', '%d.m4s'), '-var_stream_map', streamMap,
    '-progress', 'pipe:1', '-nostats', join(outDir, '%v', 'index.m3u8'),
  );
  const total = source.durationSec * 1_000_000;
  try {
    await run(ffmpegPath(), args, (line) => {
      const m = /^out_time_us=(\d+)/.exec(line);
      if (m) onProgress(Math.min(99, Math.floor((Number(m[1]) / total) * 100)));
    }, signal);
    await run(ffmpegPath(), ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', '-ss', String(Math.min(1, source.durationSec / 2)), '-i', input, '-frames:v', '1', '-vf', 'scale=-2:360', join(outDir, 'poster.jpg')], undefined, signal);
  } catch (err) {
    if (signal?.aborted) throw signal.reason;
    throw new TranscodeError('영상을 변환하지 못했습니다. 다른 파일로 다시 올려주세요.', (err as Error).message);
  }
  const made = rungs.map((r) => r.name).filter((name) => readdirSync(join(outDir, name)).some((f) => f.endsWith('.m4s')));
  if (made.length !== rungs.length) throw new TranscodeError('영상을 변환하지 못했습니다.', `renditions made: ${made.join(',')}`);
  onProgress(100);
  return { ...source, renditions: made, master: 'master.m3u8', poster: 'poster.jpg' };
}

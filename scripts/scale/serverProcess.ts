import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Readable } from 'node:stream';

/**
 * The server in a process of its own (salesServer.ts) with `env` beside the parent's, and its address, from the one
 * JSON line it prints once listening (a rejection if it ends first). Shared by bench-sales and bench-member-reads.
 */
export function salesServerProcess(env: Record<string, string>): { child: ChildProcessByStdio<null, Readable, null>; url: Promise<string> } {
  const child = spawn(process.execPath, [...process.execArgv, fileURLToPath(new URL('./salesServer.ts', import.meta.url))], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve((JSON.parse(line) as { url: string }).url);
    });
    child.on('exit', (code) => reject(new Error(`the server process ended (${code})`)));
  });
  return { child, url };
}

import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * The pact step's two vitest runs, side by side (scripts/pact-consumer.ts): the consumer pacts (project `pact`, one
 * file after another in one worker, writing into PACT_DIR) and the provider's checks (project `pact-provider`, which
 * read the committed contracts/pacts and mostly wait on a provider and a verifier in processes of their own).
 */
export const CONSUMER_PROJECT = 'pact';
export const PROVIDER_PROJECT = 'pact-provider';

const OUTPUT_FILE = /^(--outputFile(?:\.json)?)(=.*)?$/;

/** The caller's vitest arguments for the provider run: a JSON report named beside the consumer run's, not over it. */
export function providerRunArgs(args: string[]): string[] {
  const beside = (file: string) => file.replace(/(\.json)?$/, (ext) => `-provider${ext}`);
  return args.map((arg, i) => {
    const option = OUTPUT_FILE.exec(arg);
    if (option?.[2]) return `${option[1]}=${beside(option[2].slice(1))}`;
    return i > 0 && OUTPUT_FILE.exec(args[i - 1]!) && !args[i - 1]!.includes('=') ? beside(arg) : arg;
  });
}

export interface VitestRun {
  code: number | null;
  /** What the run printed, when it was collected rather than shown as it came. */
  output: string;
}

const vitest = fileURLToPath(new URL('../node_modules/.bin/vitest', import.meta.url));

/** `vitest run <args>`; `collect` keeps its output for later, so two runs side by side do not interleave their lines. */
export function runVitest(args: string[], env: NodeJS.ProcessEnv, collect: boolean): Promise<VitestRun> {
  return new Promise((done) => {
    const child = spawn(vitest, ['run', ...args], { env: { ...process.env, ...env }, stdio: collect ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    let output = '';
    child.stdout?.on('data', (d) => (output += d));
    child.stderr?.on('data', (d) => (output += d));
    child.once('error', (e) => done({ code: null, output: `${output}${e.message}\n` }));
    child.once('close', (code, signal) => done({ code: code ?? (signal ? 1 : null), output }));
  });
}

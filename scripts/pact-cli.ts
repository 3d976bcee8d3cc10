import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** The one command that installs it (its binaries come from the npm registry, no download at install time). */
export const PACT_CLI_INSTALL = 'npm install --save-dev --save-exact @pact-foundation/pact-cli@18.1.2';

/**
 * The `pact` binary of @pact-foundation/pact-cli (broker client, stub server), or undefined when not installed. Found
 * the way the package's own bin wrappers find it, its platform package, but run directly: the wrappers wait in
 * spawnSync, so stopping one leaves the binary running.
 */
export function pactCliBinary(): string | undefined {
  try {
    const cli = createRequire(import.meta.url).resolve('@pact-foundation/pact-cli/package.json');
    const os = process.platform === 'win32' ? 'windows' : process.platform;
    const platform = createRequire(cli).resolve(`@pact-foundation/pact-cli-${os}-${process.arch}/package.json`);
    return join(dirname(platform), 'standalone', process.platform === 'win32' ? 'pact.exe' : 'pact');
  } catch {
    return undefined;
  }
}

export function runPactCli(args: string[], options: SpawnOptions = {}): ChildProcess {
  const binary = pactCliBinary();
  if (!binary) throw new Error(`@pact-foundation/pact-cli is not installed: ${PACT_CLI_INSTALL}`);
  return spawn(binary, args, { stdio: 'inherit', ...options });
}

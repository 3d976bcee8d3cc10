import { afterEach, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * `npm test`'s first step (scripts/preflight.sh) against a machine made in a temp folder: PREFLIGHT_ROOT holds the
 * files it checks, PREFLIGHT_PATH the commands, so the real script runs with any package present or missing (and,
 * its checks pointed away from the machine, never installs). Then scripts/test-all.sh itself, copied beside stubs.
 */
const scripts = dirname(fileURLToPath(import.meta.url));
const temps: string[] = [];
afterEach(() => {
  for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function temp(): string {
  const dir = mkdtempSync(join(tmpdir(), 'preflight-'));
  temps.push(dir);
  return dir;
}
function put(path: string, text = '', mode = 0o755): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
  chmodSync(path, mode);
}
/** A machine with the named packages: their files under `root`, their commands in `root/bin`. */
function machine(has: Array<'chromium' | 'shell' | 'fonts' | 'postgresql' | 'ffmpeg'>): { root: string; env: NodeJS.ProcessEnv } {
  const root = temp();
  mkdirSync(join(root, 'bin'));
  if (has.includes('chromium')) put(join(root, 'usr/bin/chromium'));
  if (has.includes('shell')) put(join(root, 'usr/lib/chromium/chromium-headless-shell'));
  if (has.includes('fonts')) put(join(root, 'usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc'), '', 0o644);
  if (has.includes('postgresql')) put(join(root, 'usr/lib/postgresql/15/bin/initdb'));
  if (has.includes('ffmpeg')) put(join(root, 'bin/ffmpeg'));
  const env: NodeJS.ProcessEnv = { ...process.env, PREFLIGHT_ROOT: root, PREFLIGHT_PATH: join(root, 'bin'), PREFLIGHT_NO_INSTALL: '1' };
  delete env.CHROMIUM_PATH;
  delete env.CHROMIUM_HEADLESS_PATH;
  delete env.PACT_BROKER_BASE_URL;
  return { root, env };
}
function run(script: string, env: NodeJS.ProcessEnv) {
  const r = spawnSync('bash', [script], { env, encoding: 'utf8', timeout: 15_000 });
  return { status: r.status, out: r.stdout + r.stderr, stdout: r.stdout };
}

describe('scripts/preflight.sh', () => {
  it('names every missing package and stops with the one command that installs them', () => {
    const { env } = machine([]);
    const r = run(join(scripts, 'preflight.sh'), env);
    expect(r.status).not.toBe(0);
    for (const name of ['Chromium', 'Headless shell', 'CJK fonts', 'PostgreSQL', 'ffmpeg']) expect(r.out).toMatch(new RegExp(`MISSING\\s+${name}`));
    expect(r.out).toContain(
      'Missing: Chromium (chromium), Headless shell (chromium-headless-shell), CJK fonts (fonts-noto-cjk), PostgreSQL (postgresql), ffmpeg (ffmpeg).',
    );
    expect(r.out).toContain('sudo apt-get install -y chromium chromium-headless-shell fonts-noto-cjk postgresql ffmpeg\n');
    expect(r.out).toContain('brew install postgresql@15 ffmpeg && brew install --cask chromium font-noto-sans-cjk\n');
    expect(r.out).not.toContain('installing');
  });

  it('names only what is missing: PostgreSQL hidden, the rest present', () => {
    const { env } = machine(['chromium', 'shell', 'fonts', 'ffmpeg']);
    const r = run(join(scripts, 'preflight.sh'), env);
    expect(r.status).not.toBe(0);
    expect(r.out).toMatch(/ok\s+Chromium/);
    expect(r.out).toMatch(/ok\s+CJK fonts/);
    expect(r.out).toMatch(/ok\s+ffmpeg/);
    expect(r.out).toMatch(/MISSING\s+PostgreSQL/);
    expect(r.out).toContain('sudo apt-get install -y postgresql\n');
    expect(r.out).toContain('brew install postgresql@15\n');
  });

  it('passes, listing every package, when all are there', () => {
    const { env } = machine(['chromium', 'shell', 'fonts', 'postgresql', 'ffmpeg']);
    const r = run(join(scripts, 'preflight.sh'), env);
    expect(r.status).toBe(0);
    expect(r.stdout.match(/^ {2}ok /gm)).toHaveLength(5);
    expect(r.out).not.toContain('MISSING');
  });
});

describe('scripts/test-all.sh (npm test)', () => {
  /** The real test-all.sh, preflight.sh and summarise-tests.mjs in a temp checkout; every tool they call is a stub that logs its call. */
  function checkout(env: NodeJS.ProcessEnv): { dir: string; env: NodeJS.ProcessEnv; calls: () => string } {
    const dir = temp();
    for (const f of ['test-all.sh', 'preflight.sh', 'summarise-tests.mjs']) {
      mkdirSync(join(dir, 'scripts'), { recursive: true });
      copyFileSync(join(scripts, f), join(dir, 'scripts', f));
    }
    const log = join(dir, 'calls.log');
    const stub = (name: string) => `#!/usr/bin/env bash\necho "${name} $*" >> '${log}'\n`;
    put(join(dir, 'scripts/check-generated.sh'), stub('check-generated'));
    put(join(dir, 'scripts/with-postgres.sh'), stub('with-postgres'));
    // The one real output a step reads back: the path of the demo dump written for the run.
    put(
      join(dir, 'stub-bin/npx'),
      `${stub('npx')}if [ "$2" = scripts/write-test-template.ts ]; then touch "$3/pgdata.tar"; echo "$3/pgdata.tar"; fi\n`,
    );
    put(join(dir, 'stub-bin/npm'), stub('npm'));
    put(join(dir, 'server/tests/engine.test.ts'), '// Engine parity: a file about the engine.\n');
    put(join(dir, 'server/tests/other.test.ts'), '// Any other server test.\n');
    const calls = () => (existsSync(log) ? readFileSync(log, 'utf8') : '');
    return { dir, env: { ...env, PATH: `${join(dir, 'stub-bin')}:${process.env.PATH}` }, calls };
  }

  it('fails first, with the install line, when PostgreSQL is hidden: before the generated-file check or any other step', () => {
    const { env } = machine(['chromium', 'shell', 'fonts', 'ffmpeg']);
    const c = checkout(env);
    const r = run(join(c.dir, 'scripts/test-all.sh'), c.env);
    expect(r.status).not.toBe(0);
    expect(r.out).toContain('sudo apt-get install -y postgresql\n');
    expect(r.out).not.toContain('=== ');
    expect(c.calls()).toBe('');
    expect(existsSync(join(c.dir, '.test-results'))).toBe(false);
  });

  it('runs the PostgreSQL step and lists the skipped broker steps, and why, in the closing summary', () => {
    const { env } = machine(['chromium', 'shell', 'fonts', 'postgresql', 'ffmpeg']);
    const c = checkout(env);
    const r = run(join(c.dir, 'scripts/test-all.sh'), c.env);
    expect(r.status, r.out).toBe(0);
    // The unit projects once on PostgreSQL, the demo dump written once before it, the engine's files on PGlite.
    expect(c.calls()).toMatch(/^with-postgres npx vitest run --project unit\* --maxWorkers=3 /m);
    expect(c.calls().match(/write-test-template/g)).toHaveLength(1);
    expect(c.calls()).toMatch(/^npx vitest run --project unit\* --maxWorkers=2 server\/tests\/engine\.test\.ts --reporter/m);
    expect(c.calls()).not.toContain('other.test.ts');
    const closing = r.stdout.trimEnd().split('\n').slice(-3);
    expect(closing).toEqual([
      'skipped step: pact publish to the broker: PACT_BROKER_BASE_URL is not set',
      'skipped step: pact can-i-deploy: PACT_BROKER_BASE_URL is not set',
      'tests: 0 passed, 0 failed, 0 skipped',
    ]);
  });

  it('says no step was skipped when the broker is configured', () => {
    const { env } = machine(['chromium', 'shell', 'fonts', 'postgresql', 'ffmpeg']);
    const c = checkout({ ...env, PACT_BROKER_BASE_URL: 'http://127.0.0.1:9' });
    const r = run(join(c.dir, 'scripts/test-all.sh'), c.env);
    expect(r.status).toBe(0);
    expect(c.calls()).toContain('npx tsx scripts/pact-broker.ts can-i-deploy');
    expect(r.stdout.trimEnd().split('\n').slice(-2)).toEqual(['skipped steps: none', 'tests: 0 passed, 0 failed, 0 skipped']);
  });
});

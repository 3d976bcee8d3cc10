/** Checks pact files against openapi/storefront.yaml with Pactflow's swagger-mock-validator. */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { parse } from 'yaml';

const ROOT = new URL('..', import.meta.url).pathname;
export const API_PROVIDER = 'storefront-api';
export const SPEC_PATH = join(ROOT, 'openapi/storefront.yaml');

type Spec = { paths: Record<string, Record<string, { operationId: string }>> };
export type Operation = { method: string; path: string; operationId: string; matcher: RegExp };

export function loadSpec(path = SPEC_PATH): Spec {
  return parse(readFileSync(path, 'utf8')) as Spec;
}

/** The validator reads JSON only: a JSON copy of the yaml, made per run. */
export function specAsJsonFile(spec: Spec): string {
  const file = join(mkdtempSync(join(tmpdir(), 'oas-')), 'storefront.json');
  writeFileSync(file, JSON.stringify(spec));
  return file;
}

export function operationsOf(spec: Spec): Operation[] {
  return Object.entries(spec.paths).flatMap(([path, item]) =>
    ['get', 'post', 'put', 'patch', 'delete']
      .filter((m) => item[m])
      .map((m) => {
        const pattern = path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+');
        return { method: m.toUpperCase(), path, operationId: item[m]!.operationId, matcher: new RegExp(`^${pattern}$`) };
      }),
  );
}

/** The operation an interaction exercises; literal paths win over templated ones (Scoring/0 before a template). */
export function operationFor(ops: Operation[], method: string, path: string): Operation | undefined {
  return ops
    .filter((o) => o.method === method && o.matcher.test(path))
    .sort((a, b) => (a.path.match(/\{/g)?.length ?? 0) - (b.path.match(/\{/g)?.length ?? 0))[0];
}

export type Verdict = { ok: true } | { ok: false; report: string };

/**
 * swagger-mock-validator takes about 0.2 s of CPU per interaction (the storefront's 271 took 58 s in one process), and
 * it judges each interaction on its own: a large pact is checked in two halves side by side, one per core, and its
 * verdict is the halves' together.
 */
export async function validatePact(specJson: string, pactFile: string): Promise<Verdict> {
  const pact = JSON.parse(readFileSync(pactFile, 'utf8')) as { interactions?: unknown[] };
  const interactions = pact.interactions ?? [];
  if (interactions.length < 40) return validateOne(specJson, pactFile);
  const dir = mkdtempSync(join(tmpdir(), 'pact-halves-'));
  const half = Math.ceil(interactions.length / 2);
  const parts = [interactions.slice(0, half), interactions.slice(half)].map((part, i) => {
    const file = join(dir, `part-${i}.json`);
    writeFileSync(file, JSON.stringify({ ...pact, interactions: part }));
    return file;
  });
  try {
    const verdicts = await Promise.all(parts.map((file) => validateOne(specJson, file)));
    // The validator numbers interactions within its half: each report says which half it was.
    const reports = verdicts.flatMap((v, i) => (v.ok ? [] : [`interactions ${i * half}-${Math.min((i + 1) * half, interactions.length) - 1} of ${pactFile}, numbered from 0 within them:\n${v.report}`]));
    return reports.length ? { ok: false, report: reports.join('\n') } : { ok: true };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function validateOne(specJson: string, pactFile: string): Promise<Verdict> {
  try {
    await promisify(execFile)(join(ROOT, 'node_modules/.bin/swagger-mock-validator'), [specJson, pactFile]);
    return { ok: true };
  } catch (e) {
    const err = e as { stdout?: string; stderr?: string };
    return { ok: false, report: `${err.stdout ?? ''}${err.stderr ?? ''}` };
  }
}

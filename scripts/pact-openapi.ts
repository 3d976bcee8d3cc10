/** Checks pact files against openapi/storefront.yaml with Pactflow's swagger-mock-validator. */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
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

export async function validatePact(specJson: string, pactFile: string): Promise<Verdict> {
  try {
    await promisify(execFile)(join(ROOT, 'node_modules/.bin/swagger-mock-validator'), [specJson, pactFile]);
    return { ok: true };
  } catch (e) {
    const err = e as { stdout?: string; stderr?: string };
    return { ok: false, report: `${err.stdout ?? ''}${err.stderr ?? ''}` };
  }
}

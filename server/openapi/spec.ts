import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import type { ClassLocator } from '../domain/viewAs';

/** The yaml is the contract: routes, request checks and response checks all come from it. */
export const SPEC_PATH = fileURLToPath(new URL('../../openapi/storefront.yaml', import.meta.url));

/** The parsed yaml, walked by key and JSON pointer: its shape is checked by Ajv against the OpenAPI schema, not by TypeScript. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a document of any shape; typed values come from schema.gen.ts
export type Json = Record<string, any>;

export interface ParameterSpec {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: Json;
}

export interface OperationSpec {
  operationId: string;
  method: string; // lower case
  path: string; // literal yaml path
  pointer: string; // JSON pointer of the operation object inside the document
  parameters: ParameterSpec[];
  bodyContentType: string | undefined;
  bodyRequired: boolean;
  secured: boolean;
  /** `security: [{}, {bearerAuth: []}]`: a token is optional but checked when sent. */
  optionalAuth: boolean;
  /** `x-staff-roles`: a console operation, open only to staff of these roles (the dispatcher refuses anyone else). */
  staffRoles: string[] | undefined;
  /** `x-view-as`: a member read staff may make under a 회원 화면으로 보기 grant, and where it names its class. */
  viewAs: ClassLocator | undefined;
  responses: Json;
}

const METHODS = ['get', 'head', 'post', 'put', 'patch', 'delete'];

export function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Resolves a local `$ref` (`#/components/...`) once; parameters and responses are often references. */
export function deref<T = Json>(doc: Json, value: unknown): T {
  let current = value as Json | undefined;
  for (let i = 0; i < 10 && current && typeof current.$ref === 'string'; i++) {
    const parts = current.$ref.replace(/^#\//, '').split('/').map((p: string) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
    current = parts.reduce<Json | undefined>((node, key) => node?.[key], doc);
  }
  return current as T;
}

/**
 * The yaml's parse, kept as JSON under node_modules/.cache by the text's hash: parsing the 400 kB yaml took 0.5-1.8 s
 * (cold, per process), reading its JSON 20 ms, and every test file's server (and many test files) loads it. A changed
 * yaml has another hash, so the cache is never stale; each call returns a fresh copy its caller may change.
 */
const SPEC_CACHE = fileURLToPath(new URL('../../node_modules/.cache/storefront-spec/', import.meta.url));
const parsed = new Map<string, string>();

export function loadSpec(path = SPEC_PATH): Json {
  const text = readFileSync(path, 'utf8');
  const key = createHash('sha256').update(text).digest('hex');
  let json = parsed.get(key);
  if (json === undefined) {
    const file = join(SPEC_CACHE, `${key}.json`);
    try {
      json = readFileSync(file, 'utf8');
    } catch {
      json = JSON.stringify(parse(text));
      try {
        // Written aside and renamed: test workers that parse at once never read a half-written file.
        mkdirSync(SPEC_CACHE, { recursive: true });
        const partial = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`;
        writeFileSync(partial, json);
        renameSync(partial, file);
      } catch {
        // A read-only checkout parses each time.
      }
    }
    parsed.set(key, json);
  }
  return JSON.parse(json) as Json;
}

export function listOperations(doc: Json): OperationSpec[] {
  const ops: OperationSpec[] = [];
  const globalSecurity = doc.security;
  for (const [path, item] of Object.entries<Json>(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const params = [...(item.parameters ?? []), ...(op.parameters ?? [])].map((p) => deref<ParameterSpec>(doc, p));
      const body = deref<Json | undefined>(doc, op.requestBody);
      const contentTypes = Object.keys(body?.content ?? {});
      const security = op.security ?? globalSecurity ?? [];
      ops.push({
        operationId: op.operationId,
        method,
        path,
        pointer: `#/paths/${escapePointer(path)}/${method}`,
        parameters: params,
        bodyContentType: contentTypes[0],
        bodyRequired: Boolean(body?.required),
        secured: Array.isArray(security) && security.length > 0 && security.every((s: Json) => Object.keys(s).length > 0),
        optionalAuth: Array.isArray(security) && security.some((s: Json) => Object.keys(s).length === 0) && security.some((s: Json) => Object.keys(s).length > 0),
        staffRoles: Array.isArray(op['x-staff-roles']) ? (op['x-staff-roles'] as string[]) : undefined,
        viewAs: viewAsLocator(op.operationId, op['x-view-as']),
        responses: op.responses ?? {},
      });
    }
  }
  return ops;
}

const LOCATED_BY = ['class', 'video', 'section', 'quiz'] as const;

/**
 * `x-view-as: {class: path.contentsid}` (or `video`, `section`, `quiz` by its id, in `path`, `query` or `body`), or
 * `{class: granted}` for a read that names no class, whose answer names none but the grant's. Anything else stops the server
 * at start: a misspelt locator must not quietly open a read to every class.
 */
function viewAsLocator(operationId: string, value: unknown): ClassLocator | undefined {
  if (value === undefined) return undefined;
  const entries = typeof value === 'object' && value !== null ? Object.entries(value as Json) : [];
  const [by, where] = entries[0] ?? [];
  if (entries.length === 1 && by === 'class' && where === 'granted') return { by: 'granted' };
  const at = typeof where === 'string' ? /^(path|query|body)\.(\w+)$/.exec(where) : null;
  const kind = LOCATED_BY.find((k) => k === by);
  if (entries.length !== 1 || !at || !kind) throw new Error(`${operationId}: x-view-as must be {class|video|section|quiz: path|query|body.<name>} or {class: granted}`);
  return { by: kind, in: at[1] as 'path' | 'query' | 'body', name: at[2]! };
}

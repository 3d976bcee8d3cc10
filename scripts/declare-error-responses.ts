/**
 * Declares the shared error responses on every operation that can answer them, in
 * openapi/storefront.yaml, as a text edit that leaves every other line as it is:
 *   304 NotModified      on every operation the server answers with an ETag (server/openapi/cache.ts, the hot
 *                        catalogue reads served by the dispatcher and the fast path);
 *   403 Forbidden        on every member operation (its `security` names bearerAuth);
 *   413 PayloadTooLarge  on every operation with a request body.
 * Idempotent: run it again after adding operations (`npx tsx scripts/declare-error-responses.ts`,
 * then `npm run gen:api`). `--check` fails instead of writing when a declaration is missing.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { SPEC_PATH } from '../server/openapi/spec';
import { cacheTags } from '../server/handlers/index';

const etagged = cacheTags;
const operationIdOf = (op: string[]) => op.map((l) => /^ {6}operationId:\s*(\w+)/.exec(l)?.[1]).find(Boolean) ?? '';

const RULES = [
  { status: '304', ref: 'NotModified', applies: (op: string[]) => etagged.isCacheable(operationIdOf(op)) },
  { status: '403', ref: 'Forbidden', applies: (op: string[]) => op.some((l) => /^ {6}security:.*bearerAuth/.test(l)) },
  { status: '413', ref: 'PayloadTooLarge', applies: (op: string[]) => op.some((l) => /^ {6}requestBody:/.test(l)) },
];
const OP_START = /^(?: {2}\/\S*:| {4}(?:get|head|post|put|patch|delete):)\s*$/;

export function declare(text: string): { text: string; added: number } {
  const lines = text.split('\n');
  const end = lines.findIndex((l) => /^components:/.test(l));
  const out: string[] = [];
  let added = 0;
  let i = 0;
  while (i < end) {
    if (!/^ {4}(?:get|head|post|put|patch|delete):\s*$/.test(lines[i]!)) {
      out.push(lines[i++]!);
      continue;
    }
    let j = i + 1;
    while (j < end && !OP_START.test(lines[j]!)) j++;
    const op = lines.slice(i, j);
    const at = op.findIndex((l) => /^ {6}responses:\s*$/.test(l));
    if (at >= 0) {
      // The responses block: lines indented deeper than `responses:` (comments and blank lines end it).
      let last = at + 1;
      while (last < op.length && /^ {8}/.test(op[last]!)) last++;
      for (const rule of RULES) {
        if (!rule.applies(op)) continue;
        const keys = op.map((l, k) => ({ k, m: /^ {8}'(\d{3})':/.exec(l) })).filter((x) => x.k > at && x.k < last && x.m);
        if (keys.some((x) => x.m![1] === rule.status)) continue;
        const after = keys.find((x) => x.m![1]! > rule.status);
        const line = `        '${rule.status}': {$ref: '#/components/responses/${rule.ref}'}`;
        const pos = after ? after.k : last;
        op.splice(pos, 0, line);
        if (pos <= last) last++;
        added++;
      }
    }
    out.push(...op);
    i = j;
  }
  out.push(...lines.slice(end));
  return { text: out.join('\n'), added };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const before = readFileSync(SPEC_PATH, 'utf8');
  const { text, added } = declare(before);
  if (process.argv.includes('--check')) {
    if (added) {
      console.error(`${added} error responses are missing; run npx tsx scripts/declare-error-responses.ts`);
      process.exit(1);
    }
  } else if (added) {
    writeFileSync(SPEC_PATH, text);
    console.log(`declared ${added} error responses in ${SPEC_PATH}`);
  } else console.log('every operation already declares its error responses');
}

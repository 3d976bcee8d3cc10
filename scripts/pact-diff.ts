/**
 * Compares two sets of pact files interaction by interaction, so a contract that shrank or changed is a
 * visible diff. Tool versions in `metadata` and the interaction `key` (a hash of the content) are left
 * out: the content itself is compared.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export type PactFile = { consumer?: unknown; provider?: unknown; interactions?: unknown[]; metadata?: unknown };
type Interaction = Record<string, unknown> & { description?: string };
type Entry = { file: string; description: string; parts?: string[] };

export type PactDiff = { changed: boolean; added: Entry[]; removed: Entry[]; modified: Entry[]; before: number; after: number };

const VOLATILE = new Set(['key']);

export function readPactDir(dir: string): Record<string, PactFile> {
  if (!existsSync(dir)) return {};
  const files = readdirSync(dir).filter((f) => f.endsWith('.json')).sort();
  return Object.fromEntries(files.map((f) => [f, JSON.parse(readFileSync(join(dir, f), 'utf8')) as PactFile]));
}

/** Interactions by description; a repeated description (other provider states) gets a counter. */
function byDescription(pact: PactFile | undefined): Map<string, Interaction> {
  const out = new Map<string, Interaction>();
  for (const i of (pact?.interactions ?? []) as Interaction[]) {
    const base = String(i.description);
    let name = base;
    for (let n = 2; out.has(name); n++) name = `${base} #${n}`;
    out.set(name, i);
  }
  return out;
}

function changedParts(a: Interaction, b: Interaction): string[] {
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((k) => !VOLATILE.has(k));
  return keys.filter((k) => JSON.stringify(a[k]) !== JSON.stringify(b[k])).sort();
}

export function diffPacts(committed: Record<string, PactFile>, regenerated: Record<string, PactFile>): PactDiff {
  const diff: PactDiff = { changed: false, added: [], removed: [], modified: [], before: 0, after: 0 };
  for (const file of [...new Set([...Object.keys(committed), ...Object.keys(regenerated)])].sort()) {
    const before = byDescription(committed[file]);
    const after = byDescription(regenerated[file]);
    diff.before += before.size;
    diff.after += after.size;
    for (const [description, i] of after) {
      const old = before.get(description);
      if (!old) diff.added.push({ file, description });
      else {
        const parts = changedParts(old, i);
        if (parts.length) diff.modified.push({ file, description, parts });
      }
    }
    for (const description of before.keys()) if (!after.has(description)) diff.removed.push({ file, description });
    const [c, r] = [committed[file], regenerated[file]];
    if (c && r && JSON.stringify([c.consumer, c.provider]) !== JSON.stringify([r.consumer, r.provider]))
      diff.modified.push({ file, description: '(consumer or provider)', parts: ['pact'] });
  }
  diff.changed = diff.added.length + diff.removed.length + diff.modified.length > 0;
  return diff;
}

export function summarise(diff: PactDiff): string[] {
  if (!diff.changed) return [`pacts: no change (${diff.after} interactions)`];
  const line = (mark: string, e: Entry) => `${mark} ${e.file}: "${e.description}"${e.parts ? ` (${e.parts.join(', ')})` : ''}`;
  return [
    ...diff.added.map((e) => line('+ added   ', e)),
    ...diff.removed.map((e) => line('- removed ', e)),
    ...diff.modified.map((e) => line('~ changed ', e)),
    `pacts: ${diff.added.length} added, ${diff.removed.length} removed, ${diff.modified.length} changed (${diff.before} → ${diff.after} interactions)`,
  ];
}

import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadSpec } from '../openapi/spec';
import { byTag, handlers } from './index';

/** operationId → its yaml tag, read from the document itself (the generated types do not carry tags). */
function tagsOfOperations(): Map<string, string[]> {
  const byTagInYaml = new Map<string, string[]>();
  for (const item of Object.values(loadSpec().paths ?? {}) as Record<string, { operationId?: string; tags?: string[] }>[]) {
    for (const op of Object.values(item)) {
      if (!op?.operationId) continue;
      for (const tag of op.tags ?? ['(untagged)']) byTagInYaml.set(tag, [...(byTagInYaml.get(tag) ?? []), op.operationId]);
    }
  }
  return byTagInYaml;
}

describe('server/handlers/<tag>.ts', () => {
  const yaml = tagsOfOperations();

  it('has one file per yaml tag, and no other', () => {
    expect(Object.keys(byTag).sort()).toEqual([...yaml.keys()].sort());
  });

  it.each([...yaml.entries()])('%s.ts holds exactly the operations of that tag', (tag, operationIds) => {
    expect(Object.keys(byTag[tag as keyof typeof byTag]).sort()).toEqual([...operationIds].sort());
  });

  it('answers every operation of the yaml', () => {
    const all = [...yaml.values()].flat();
    expect(all.filter((id) => typeof handlers[id] !== 'function')).toEqual([]);
    expect(Object.keys(handlers).sort()).toEqual([...new Set(all)].sort());
  });
});

describe('server/handlers/ holds only operation files', () => {
  const files = readdirSync(import.meta.dirname).filter((f) => f.endsWith('.ts') && !/\.(test|typetest)\.ts$/.test(f) && f !== 'index.ts');

  it.each(files)('%s is named for its tag and exports only its handlers and their cache declarations', async (file) => {
    // `<tag>.ts`, `<tag>-<topic>.ts`, a console tag's own file `admin-<area>.ts`, or its topic `admin-<area>-<topic>.ts`.
    const whole = file.replace(/\.ts$/, '');
    const tag = whole in byTag ? whole : /^(admin-[a-z]+|[a-z]+)(?:-[a-z]+)?\.ts$/.exec(file)?.[1];
    expect(tag && tag in byTag, `${file}: a handler file is <tag>.ts, <tag>-<topic>.ts, admin-<area>.ts or admin-<area>-<topic>.ts`).toBe(true);
    const ofTag = byTag[tag as keyof typeof byTag] as Record<string, unknown>;
    const exported = Object.fromEntries(Object.entries(await import(`./${file}`)));
    const tables = Object.keys(exported).filter((name) => !name.endsWith('Cache'));
    expect(tables, `${file} exports one table of operations`).toHaveLength(1);
    const table = exported[tables[0]!] as Record<string, unknown>;
    // A helper that is no operation belongs in domain/, openapi/ or lib/ (README "Architecture").
    for (const [op, handler] of Object.entries(table)) expect(ofTag[op], `${file}: ${op}`).toBe(handler);
    expect(Object.keys(exported).sort()).toEqual([tables[0], `${tables[0]}Cache`].sort());
    expect(Object.keys(exported[`${tables[0]}Cache`] as object).sort()).toEqual(Object.keys(table).sort());
  });
});

import { describe, expect, it } from 'vitest';
import { diffPacts, summarise, type PactFile } from './pact-diff';

const interaction = (description: string, status = 200, state = 'the demo catalogue is seeded') => ({
  type: 'Synchronous/HTTP',
  key: `key-of-${description}-${status}`,
  description,
  pending: false,
  providerStates: [{ name: state }],
  request: { method: 'GET', path: '/api/Stats/GetInfo/1' },
  response: { status },
});

const pact = (interactions: unknown[], pactJs = '16.5.0'): PactFile => ({
  consumer: { name: 'storefront-web' },
  provider: { name: 'storefront-api' },
  interactions,
  metadata: { 'pact-js': { version: pactJs }, pactSpecification: { version: '4.0' } },
});

const files = (p: PactFile) => ({ 'storefront-web-storefront-api.json': p });

describe('diffPacts: regenerated pacts against the committed ones', () => {
  it('finds no difference when only the tool versions in the metadata changed', () => {
    const diff = diffPacts(files(pact([interaction('a'), interaction('b')])), files(pact([interaction('b'), interaction('a')], '16.6.0')));
    expect(diff.changed).toBe(false);
    expect(summarise(diff)).toEqual(['pacts: no change (2 interactions)']);
  });

  it('reports a shrinking contract as a removed interaction', () => {
    const diff = diffPacts(files(pact([interaction('a'), interaction('b')])), files(pact([interaction('a')])));
    expect(diff.changed).toBe(true);
    expect(summarise(diff)).toContain('- removed  storefront-web-storefront-api.json: "b"');
    expect(summarise(diff).at(-1)).toBe('pacts: 0 added, 1 removed, 0 changed (2 → 1 interactions)');
  });

  it('reports added and changed interactions, naming the part that changed', () => {
    const diff = diffPacts(
      files(pact([interaction('a'), interaction('b')])),
      files(pact([interaction('a', 404), interaction('b', 200, 'member exists'), interaction('c')])),
    );
    expect(summarise(diff)).toEqual([
      '+ added    storefront-web-storefront-api.json: "c"',
      '~ changed  storefront-web-storefront-api.json: "a" (response)',
      '~ changed  storefront-web-storefront-api.json: "b" (providerStates)',
      'pacts: 1 added, 0 removed, 2 changed (2 → 3 interactions)',
    ]);
  });

  it('reports a pact file that disappeared with all its interactions', () => {
    const diff = diffPacts(files(pact([interaction('a')])), {});
    expect(diff.changed).toBe(true);
    expect(summarise(diff)[0]).toBe('- removed  storefront-web-storefront-api.json: "a"');
  });
});

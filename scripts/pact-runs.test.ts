import { describe, expect, it } from 'vitest';
import { providerRunArgs } from './pact-runs';

describe("providerRunArgs: the pact step's provider run beside the consumer run", () => {
  it("writes its JSON report beside the consumer run's, as npm test names it", () => {
    expect(providerRunArgs(['--reporter=default', '--reporter=json', '--outputFile.json=/r/.test-results/pact.json'])).toEqual([
      '--reporter=default',
      '--reporter=json',
      '--outputFile.json=/r/.test-results/pact-provider.json',
    ]);
  });

  it('renames the file of the two-word form and of a bare --outputFile too', () => {
    expect(providerRunArgs(['--outputFile.json', 'out/pact.json', '--outputFile=report'])).toEqual([
      '--outputFile.json',
      'out/pact-provider.json',
      '--outputFile=report-provider',
    ]);
  });

  it('passes every other argument as it is', () => {
    const args = ['--reporter=verbose', 'contracts/provider/token.test.ts', '--outputFile.junit=j.xml'];
    expect(providerRunArgs(args)).toEqual(args);
  });
});

// Sums the vitest JSON reports of one `npm test` run into the closing line CI reads, after the steps the run skipped
// and why (`skipped-steps.txt`, one "<step>: <why>" a line, written by scripts/test-all.sh).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2] ?? '.test-results';
let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
  const report = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  passed += report.numPassedTests ?? 0;
  failed += report.numFailedTests ?? 0;
  skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  console.log(`${file.replace(/\.json$/, '')}: ${report.numPassedTests} passed, ${report.numFailedTests} failed`);
}
const skippedSteps = existsSync(join(dir, 'skipped-steps.txt'))
  ? readFileSync(join(dir, 'skipped-steps.txt'), 'utf8').split('\n').filter((line) => line.trim() !== '')
  : [];
if (skippedSteps.length === 0) console.log('skipped steps: none');
for (const line of skippedSteps) console.log(`skipped step: ${line}`);
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);

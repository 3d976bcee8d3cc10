import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SPEC_PATH } from '../server/openapi/spec';
import { declare } from './declare-error-responses';

describe('shared error responses in the yaml', () => {
  it('every member operation declares 403 and every operation with a body declares 413', () => {
    expect(declare(readFileSync(SPEC_PATH, 'utf8')).added, 'run npx tsx scripts/declare-error-responses.ts').toBe(0);
  });

  it('inserts a missing declaration in status order and leaves other lines alone', () => {
    const yaml = [
      'paths:',
      '  /a:',
      '    post:',
      '      security: [{bearerAuth: []}]',
      '      requestBody:',
      '        required: true',
      '      responses:',
      "        '200':",
      '          description: ok',
      "        '401': {$ref: x}",
      "        '404': {$ref: y}",
      '  # comment',
      'components:',
      '',
    ].join('\n');
    const { text, added } = declare(yaml);
    expect(added).toBe(2);
    expect(text.split('\n').slice(9, 14)).toEqual([
      "        '401': {$ref: x}",
      "        '403': {$ref: '#/components/responses/Forbidden'}",
      "        '404': {$ref: y}",
      "        '413': {$ref: '#/components/responses/PayloadTooLarge'}",
      '  # comment',
    ]);
  });
});

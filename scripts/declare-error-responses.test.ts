import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SPEC_PATH } from '../server/openapi/spec';
import { declare } from './declare-error-responses';

describe('shared error responses in the yaml', () => {
  it('every ETag-served operation declares 304, every member operation 403 and every operation with a body 413', () => {
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

  it('declares 304 on an operation the server answers with an ETag, and only there', () => {
    const op = (id: string) => [
      `    get:`,
      `      operationId: ${id}`,
      '      responses:',
      "        '200': {$ref: ok}",
      "        '400': {$ref: bad}",
    ];
    const yaml = ['paths:', '  /a:', ...op('getCategories'), '  /b:', ...op('getSuggests'), 'components:', ''].join('\n');
    const { text, added } = declare(yaml);
    expect(added).toBe(1);
    expect(text.split('\n').slice(5, 8)).toEqual([
      "        '200': {$ref: ok}",
      "        '304': {$ref: '#/components/responses/NotModified'}",
      "        '400': {$ref: bad}",
    ]);
  });
});

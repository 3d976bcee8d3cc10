import { describe, expect, it } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { deref, listOperations, loadSpec, type Json } from './spec';

/**
 * The request and response checks (validator.ts) compile the yaml's schemas without checking them against the
 * JSON Schema 2020-12 meta-schema, which cost every server's start. They are checked here, once: every named schema,
 * every parameter's and every body's.
 */
describe("the yaml's schemas", () => {
  it('are valid JSON Schema 2020-12 (the dialect of OpenAPI 3.1)', () => {
    const doc = loadSpec();
    const schemas: [string, Json][] = Object.entries<Json>(doc.components?.schemas ?? {}).map(([name, schema]) => [
      `#/components/schemas/${name}`,
      schema,
    ]);
    const contents = (where: string, owner: Json | undefined) =>
      Object.entries<Json>(deref<Json | undefined>(doc, owner)?.content ?? {}).forEach(
        ([type, media]) => media.schema && schemas.push([`${where} ${type}`, media.schema]),
      );
    for (const op of listOperations(doc)) {
      for (const p of op.parameters) if (p.schema) schemas.push([`${op.operationId} ${p.in} ${p.name}`, p.schema]);
      contents(`${op.operationId} body`, doc.paths[op.path][op.method].requestBody);
      for (const [status, response] of Object.entries<Json>(op.responses)) contents(`${op.operationId} ${status}`, response);
    }
    const ajv = new Ajv2020({ strict: false });
    const invalid = schemas.flatMap(([where, schema]) => (ajv.validateSchema(schema) ? [] : [`${where}: ${ajv.errorsText()}`]));
    expect(schemas.length).toBeGreaterThan(500);
    expect(invalid).toEqual([]);
  });

  it('a schema the meta-schema refuses is found', () => {
    const ajv = new Ajv2020({ strict: false });
    expect(ajv.validateSchema({ type: 'object', properties: { n: { minimum: 'one' } } })).toBe(false);
  });
});

import { Ajv2020, type ValidateFunction, type ErrorObject } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { deref, escapePointer, type Json, type OperationSpec } from './spec';

// ajv-formats is CommonJS; under ESM its callable sits on `default`.
type AddFormats = (ajv: Ajv2020) => void;
const addFormats = ((addFormatsModule as unknown as { default?: AddFormats }).default ?? addFormatsModule) as AddFormats;

const DOC_ID = 'storefront';

export interface CheckResult {
  ok: boolean;
  errors?: string;
}

/**
 * ajv (draft 2020-12, the dialect of OpenAPI 3.1) over the yaml's own schemas. The whole document
 * is registered once, so every `#/components/...` reference resolves exactly as the yaml says.
 */
export class ContractValidator {
  private readonly ajv: Ajv2020;
  private readonly coercing: Ajv2020;
  private readonly bodies: Ajv2020;
  private readonly cache = new Map<string, ValidateFunction | undefined>();

  constructor(private readonly doc: Json) {
    // validateSchema off: checking what is added against the 2020-12 meta-schema compiled that meta-schema in each of
    // the three instances (0.4-1.3 s of every server's start) and checked almost nothing (an OpenAPI document's top
    // level has no schema keywords). The yaml's schemas are checked against it once, in validator.test.ts.
    const options = { strict: false, allErrors: false, validateFormats: true, discriminator: true, validateSchema: false } as const;
    this.ajv = new Ajv2020(options);
    this.coercing = new Ajv2020({ ...options, coerceTypes: 'array', useDefaults: true });
    // Bodies are JSON: types are checked strictly, but declared defaults are filled in for handlers.
    this.bodies = new Ajv2020({ ...options, useDefaults: true });
    for (const ajv of [this.ajv, this.coercing, this.bodies]) {
      addFormats(ajv);
      ajv.addSchema({ ...doc, $id: DOC_ID });
    }
  }

  private compile(ajv: Ajv2020, key: string, schema: Json): ValidateFunction {
    const k = `${ajv === this.coercing ? 'c' : ajv === this.bodies ? 'b' : 'v'}:${key}`;
    let fn = this.cache.get(k);
    if (!fn) {
      fn = ajv.compile({ $id: `${DOC_ID}-${this.cache.size}`, ...schema });
      this.cache.set(k, fn);
    }
    return fn;
  }

  /** Path, query and header values arrive as strings: they are coerced to the declared types in place. */
  checkParameters(op: OperationSpec, location: 'path' | 'query' | 'header', values: Record<string, unknown>): CheckResult {
    const fn = this.parameterValidator(op, location);
    return fn ? result(fn, values) : { ok: true };
  }

  /**
   * The compiled validator of one operation's parameters at one location (undefined when it has none),
   * built once: the request fast path and the dispatcher call it on every request.
   */
  parameterValidator(op: OperationSpec, location: 'path' | 'query' | 'header'): ValidateFunction | undefined {
    const key = `c:${op.operationId}:${location}`;
    if (this.cache.has(key)) return this.cache.get(key);
    const params = op.parameters.filter((p) => p.in === location);
    if (params.length === 0) {
      this.cache.set(key, undefined);
      return undefined;
    }
    const schema: Json = {
      type: 'object',
      properties: Object.fromEntries(params.map((p) => [location === 'header' ? p.name.toLowerCase() : p.name, rebase(p.schema ?? {})])),
      required: params.filter((p) => p.required || location === 'path').map((p) => (location === 'header' ? p.name.toLowerCase() : p.name)),
    };
    return this.compile(this.coercing, `${op.operationId}:${location}`, schema);
  }

  checkBody(op: OperationSpec, contentType: string, body: unknown): CheckResult {
    return result(this.bodyValidator(op, contentType), body);
  }

  /** The compiled body validator (fills declared defaults into the body it checks). */
  bodyValidator(op: OperationSpec, contentType: string): ValidateFunction {
    const cached = this.cache.get(`b:${op.operationId}:body`);
    if (cached) return cached;
    const pointer = `${op.pointer}/requestBody/content/${escapePointer(contentType)}/schema`;
    return this.compile(this.bodies, `${op.operationId}:body`, { $ref: `${DOC_ID}${pointer}` });
  }

  /** The schema a response of this status must match, or undefined when the yaml declares none. */
  responseSchemaRef(op: OperationSpec, status: number): string | undefined {
    const key = op.responses[String(status)] ? String(status) : op.responses[`${String(status)[0]}XX`] ? `${String(status)[0]}XX` : op.responses.default ? 'default' : undefined;
    if (!key) return undefined;
    const response = deref<Json>(this.doc, op.responses[key]);
    const json = Object.entries<Json>(response?.content ?? {}).find(([type]) => type.includes('json'));
    if (!json) return undefined;
    // Point into the document so relative refs resolve; a $ref response is followed first.
    const raw = op.responses[key];
    const base = raw?.$ref ? raw.$ref.replace(/^#/, '') : `${op.pointer.replace(/^#/, '')}/responses/${key}`;
    return `${DOC_ID}#${base}/content/${escapePointer(json[0])}/schema`;
  }

  checkResponse(op: OperationSpec, status: number, body: unknown): CheckResult & { declared: boolean } {
    const ref = this.responseSchemaRef(op, status);
    if (!ref) return { ok: !!op.responses[String(status)] || !!op.responses.default, declared: false, errors: `status ${status} not declared` };
    const fn = this.compile(this.ajv, `${op.operationId}:res:${status}`, { $ref: ref });
    return { ...result(fn, body), declared: true };
  }
}

/** Parameter schemas are copied out of the document, so their local refs must point back into it. */
function rebase(schema: Json): Json {
  return JSON.parse(JSON.stringify(schema), (key, value) =>
    key === '$ref' && typeof value === 'string' && value.startsWith('#') ? `${DOC_ID}${value}` : value,
  );
}

function result(fn: ValidateFunction, value: unknown): CheckResult {
  if (fn(value)) return { ok: true };
  return { ok: false, errors: formatErrors(fn.errors) };
}

function formatErrors(errors: ErrorObject[] | null | undefined): string {
  return (errors ?? []).map((e) => `${e.instancePath || '(root)'} ${e.message ?? ''}`).join('; ');
}

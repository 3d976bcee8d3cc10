import type { OperationSpec } from './spec';

export interface Match {
  op: OperationSpec;
  params: Record<string, string>;
}

interface Compiled {
  op: OperationSpec;
  regex: RegExp;
  names: string[];
  literalChars: number;
}

/**
 * Matches a request path against the yaml path templates. A template segment may hold more than
 * one parameter (or a parameter next to literal text), which general-purpose routers reject,
 * so templates become anchored regular expressions; fully literal paths are looked up directly.
 */
export class OperationRouter {
  private readonly literal = new Map<string, OperationSpec>();
  private readonly templated = new Map<string, Compiled[]>();

  constructor(ops: OperationSpec[]) {
    for (const op of ops) {
      if (!op.path.includes('{')) {
        this.literal.set(`${op.method} ${op.path}`, op);
        continue;
      }
      const names: string[] = [];
      const source = op.path
        .split(/(\{[^}]+\})/)
        .map((part) => {
          const m = /^\{([^}]+)\}$/.exec(part);
          if (!m) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
          names.push(m[1]!);
          return '([^/]+?)';
        })
        .join('');
      const list = this.templated.get(op.method) ?? [];
      list.push({ op, regex: new RegExp(`^${source}$`), names, literalChars: op.path.replace(/\{[^}]+\}/g, '').length });
      // More literal text first, so `/api/Cart/a/b/c/d` never shadows a more specific template.
      list.sort((a, b) => b.literalChars - a.literalChars || b.names.length - a.names.length);
      this.templated.set(op.method, list);
    }
  }

  match(method: string, path: string): Match | undefined {
    const m = method.toLowerCase();
    const op = this.literal.get(`${m} ${path}`);
    if (op) return { op, params: {} };
    for (const c of this.templated.get(m) ?? []) {
      const r = c.regex.exec(path);
      if (!r) continue;
      const params: Record<string, string> = {};
      c.names.forEach((name, i) => {
        params[name] = safeDecode(r[i + 1]!);
      });
      return { op: c.op, params };
    }
    return undefined;
  }

  /** True when the path exists under another method (405 rather than 404). */
  knowsPath(path: string): boolean {
    for (const key of this.literal.keys()) if (key.endsWith(` ${path}`)) return true;
    for (const list of this.templated.values()) if (list.some((c) => c.regex.test(path))) return true;
    return false;
  }
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

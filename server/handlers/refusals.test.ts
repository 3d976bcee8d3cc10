import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { listOperations, loadSpec } from '../openapi/spec';

/**
 * Every status a handler can refuse with is declared in its operation's responses (issue 23, finding 4): a
 * `Failure` whose status the yaml does not list is turned into a 500 "응답이 계약과 다릅니다" by response
 * validation, so the caller never sees the refusal. This reads the handlers' code, not their runs, so a refusal
 * no test happens to reach is still found: each operation's function, and every function of server/ it names
 * (called or passed on), is searched for `fail(status, …)` and `new Failure(status, …)`.
 */
const SERVER = join(import.meta.dirname, '..');
const HANDLERS = import.meta.dirname;

type Found = Map<number | 'unknown', Set<string>>; // status → where (for the failure message)

function compilerOptions(): ts.CompilerOptions {
  const config = ts.readConfigFile(join(SERVER, '..', 'tsconfig.json'), (p) => readFileSync(p, 'utf8'));
  return { ...ts.parseJsonConfigFileContent(config.config, ts.sys, join(SERVER, '..')).options, noEmit: true };
}

/** A program over the handler files; `planted` adds or replaces files in memory (the analyser's own test). */
function programOf(files: string[], planted: Record<string, string> = {}): ts.Program {
  const options = compilerOptions();
  const host = ts.createCompilerHost(options, true);
  const { getSourceFile, fileExists, readFile } = host;
  host.fileExists = (f) => f in planted || fileExists.call(host, f);
  host.readFile = (f) => planted[f] ?? readFile.call(host, f);
  host.getSourceFile = (f, lang, ...rest) =>
    f in planted ? ts.createSourceFile(f, planted[f]!, lang, true) : getSourceFile.call(host, f, lang, ...rest);
  return ts.createProgram([...files, ...Object.keys(planted)], options, host);
}

const inServer = (d: ts.Node) => {
  const f = d.getSourceFile().fileName;
  return f.startsWith(SERVER) && !f.includes('/node_modules/');
};

function statusesOf(expr: ts.Expression | undefined): (number | 'unknown')[] {
  if (!expr) return ['unknown'];
  if (ts.isNumericLiteral(expr)) return [Number(expr.text)];
  if (ts.isParenthesizedExpression(expr)) return statusesOf(expr.expression);
  if (ts.isConditionalExpression(expr)) return [...statusesOf(expr.whenTrue), ...statusesOf(expr.whenFalse)];
  return ['unknown'];
}

function functionBody(d: ts.Declaration): ts.Node | undefined {
  if (ts.isFunctionDeclaration(d) || ts.isMethodDeclaration(d) || ts.isFunctionExpression(d) || ts.isArrowFunction(d))
    return d.body;
  if (ts.isVariableDeclaration(d) && d.initializer && (ts.isArrowFunction(d.initializer) || ts.isFunctionExpression(d.initializer)))
    return d.initializer.body;
  if (ts.isPropertyAssignment(d) && (ts.isArrowFunction(d.initializer) || ts.isFunctionExpression(d.initializer)))
    return d.initializer.body;
  return undefined;
}

class RefusalFinder {
  private readonly memo = new Map<ts.Node, Found>();
  constructor(private readonly checker: ts.TypeChecker) {}

  /** Statuses `node` can refuse with, through every server/ function it names. */
  of(node: ts.Node): Found {
    const cached = this.memo.get(node);
    if (cached) return cached;
    const found: Found = new Map();
    this.memo.set(node, found); // a cycle (recursion) adds nothing new
    const add = (status: number | 'unknown', where: string) => found.set(status, (found.get(status) ?? new Set()).add(where));
    const where = (n: ts.Node) => {
      const sf = n.getSourceFile();
      return `${sf.fileName.slice(SERVER.length + 1)}:${sf.getLineAndCharacterOfPosition(n.getStart()).line + 1}`;
    };
    const visit = (n: ts.Node): void => {
      if ((ts.isCallExpression(n) || ts.isNewExpression(n)) && ts.isIdentifier(n.expression)) {
        const name = this.declarationOf(n.expression)?.getSourceFile().fileName.endsWith('/lib/failure.ts')
          ? n.expression.text
          : undefined;
        if (name === 'fail' || name === 'Failure') for (const s of statusesOf(n.arguments?.[0])) add(s, where(n));
      }
      const target = ts.isIdentifier(n) ? n : ts.isPropertyAccessExpression(n) && ts.isIdentifier(n.name) ? n.name : undefined;
      if (target) {
        const decl = this.declarationOf(target);
        const body = decl && inServer(decl) && !decl.getSourceFile().fileName.endsWith('/lib/failure.ts') ? functionBody(decl) : undefined;
        if (body && !isWithin(n, body)) for (const [s, w] of this.of(body)) for (const x of w) add(s, x);
      }
      ts.forEachChild(n, visit);
    };
    visit(node);
    return found;
  }

  private declarationOf(id: ts.Identifier): ts.Declaration | undefined {
    let symbol = this.checker.getSymbolAtLocation(id);
    if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = this.checker.getAliasedSymbol(symbol);
    return symbol?.valueDeclaration ?? symbol?.declarations?.[0];
  }
}

const isWithin = (n: ts.Node, outer: ts.Node) => n.pos >= outer.pos && n.end <= outer.end;

/** operationId → the node of its handler, from each handler file's exported operation table. */
function handlerNodes(program: ts.Program, files: string[]): Map<string, ts.Node> {
  const ops = new Map<string, ts.Node>();
  for (const file of files) {
    const sf = program.getSourceFile(file);
    if (!sf) throw new Error(`not in the program: ${file}`);
    for (const stmt of sf.statements) {
      if (!ts.isVariableStatement(stmt)) continue;
      for (const d of stmt.declarationList.declarations) {
        if (!ts.isIdentifier(d.name) || d.name.text.endsWith('Cache') || !d.initializer) continue;
        let init: ts.Expression = d.initializer;
        while (ts.isSatisfiesExpression(init) || ts.isAsExpression(init) || ts.isParenthesizedExpression(init)) init = init.expression;
        if (!ts.isObjectLiteralExpression(init)) continue;
        for (const p of init.properties) if (p.name && ts.isIdentifier(p.name)) ops.set(p.name.text, p);
      }
    }
  }
  return ops;
}

function undeclaredRefusals(program: ts.Program, files: string[], declared: Map<string, Set<string>>): string[] {
  const finder = new RefusalFinder(program.getTypeChecker());
  const problems: string[] = [];
  for (const [operationId, node] of handlerNodes(program, files)) {
    const statuses = declared.get(operationId);
    if (!statuses) continue; // not an operation of the yaml (tags.test.ts holds that line)
    for (const [status, where] of finder.of(node)) {
      if (status === 'unknown') problems.push(`${operationId}: a refusal whose status is not a literal (${[...where].join(', ')})`);
      else if (!statuses.has(String(status))) problems.push(`${operationId}: ${status} is not declared (${[...where].join(', ')})`);
    }
  }
  return problems.sort();
}

const declaredStatuses = () =>
  new Map(listOperations(loadSpec()).map((op) => [op.operationId, new Set(Object.keys(op.responses))]));
const handlerFiles = () =>
  readdirSync(HANDLERS)
    .filter((f) => f.endsWith('.ts') && !/\.(test|typetest)\.ts$/.test(f) && f !== 'index.ts')
    .map((f) => join(HANDLERS, f));

describe('each refusal a handler can answer is declared in the yaml', () => {
  // A type-checked program of every handler (about 17 s on a quiet machine, 83 s at load 13-17): the limit is for a hang.
  it('every fail(status) a handler reaches, through domain/ and lib/, is among its operation’s responses', () => {
    const files = handlerFiles();
    expect(undeclaredRefusals(programOf(files), files, declaredStatuses())).toEqual([]);
  }, 180_000);

  it('finds a planted refusal that reaches the handler only through a domain function', () => {
    const handler = join(HANDLERS, 'planted.ts');
    const domain = join(SERVER, 'domain', 'planted.ts');
    const program = programOf([handler], {
      [domain]: `import { fail } from '../lib/failure';
        export const refuse = (busy: boolean) => (busy ? fail(423, 'x') : fail(409, 'y'));`,
      [handler]: `import { refuse } from '../domain/planted';
        import { Failure } from '../lib/failure';
        export const planted = { async getTest() { refuse(true); throw new Failure(404, 'z'); } };`,
    });
    const problems = undeclaredRefusals(program, [handler], new Map([['getTest', new Set(['200', '404'])]]));
    expect(problems).toEqual([
      expect.stringMatching(/^getTest: 409 is not declared \(domain\/planted\.ts:2\)$/),
      expect.stringMatching(/^getTest: 423 is not declared \(domain\/planted\.ts:2\)$/),
    ]);
  }, 180_000);
});

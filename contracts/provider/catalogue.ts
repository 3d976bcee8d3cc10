import ts from 'typescript';

/**
 * contracts/PROVIDER_STATES.md, generated from contracts/provider/states.ts and the pacts: for a backend team that
 * writes its own state handlers (in any language), every state with its parameters, the data it implies (the
 * comment above its handler and the reference backend's SQL) and the interactions that name it.
 */

export interface PactFile {
  name: string;
  json: {
    consumer?: { name?: string };
    provider?: { name?: string };
    interactions?: { description: string; providerStates?: { name: string; params?: Record<string, unknown> }[] }[];
  };
}

interface StateDoc {
  name: string;
  comment: string;
  params: Map<string, string>;
  sql: string[];
}

const PARAM_READERS: Record<string, string> = { text: 'string', id: 'integer', ids: 'list of integers', texts: 'list of strings' };

/** `text(p, 'useruid')` and its kin: the parameter a handler reads, or undefined. */
function paramRead(node: ts.Node): { name: string; type: string } | undefined {
  if (!ts.isCallExpression(node) || !ts.isIdentifier(node.expression)) return undefined;
  const type = PARAM_READERS[node.expression.text];
  const arg = node.arguments[1];
  return type && arg && ts.isStringLiteral(arg) ? { name: arg.text, type } : undefined;
}

/** A tagged `sql` template as its statement, each interpolation shown as `:name`. */
function sqlText(node: ts.TaggedTemplateExpression, cx: Context): string {
  const t = node.template;
  if (ts.isNoSubstitutionTemplateLiteral(t)) return tidy(t.text);
  let out = t.head.text;
  for (const span of t.templateSpans) out += `${placeholder(span.expression, cx)}${span.literal.text}`;
  return tidy(out);
}

/**
 * How an interpolated value reads in the catalogue: `:name` for a parameter or a value made of them, the literal for a
 * fixture constant (`constants`), a helper's own parameter as its caller's argument.
 */
interface Context {
  source: ts.SourceFile;
  constants: Record<string, Record<string, unknown>>;
  bindings: Map<string, string>;
}

function placeholder(e: ts.Expression, cx: Context): string {
  const read = paramRead(e);
  if (read) return `:${read.name}`;
  if (ts.isIdentifier(e)) return cx.bindings.get(e.text) ?? `:${e.text}`;
  if (ts.isNumericLiteral(e)) return e.text;
  if (ts.isStringLiteral(e)) return `'${e.text}'`;
  if (e.kind === ts.SyntaxKind.TrueKeyword || e.kind === ts.SyntaxKind.FalseKeyword) return e.getText(cx.source);
  if (ts.isPropertyAccessExpression(e) && ts.isIdentifier(e.expression) && cx.constants[e.expression.text]) {
    const value = cx.constants[e.expression.text]![e.name.text];
    return typeof value === 'string' ? `'${value}'` : JSON.stringify(value);
  }
  // sql.join(list) and list.join(','): the list.
  if (ts.isCallExpression(e) && ts.isPropertyAccessExpression(e.expression) && e.expression.name.text === 'join') {
    const target = e.expression.expression;
    const list = ts.isIdentifier(target) && target.text === 'sql' ? e.arguments[0] : target;
    if (list) return placeholder(list, cx);
  }
  return `:(${e.getText(cx.source).replace(/\s+/g, ' ')})`;
}

const tidy = (s: string) =>
  s
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .join('\n  ');

function commentAbove(node: ts.Node, source: ts.SourceFile): string {
  const ranges = ts.getLeadingCommentRanges(source.text, node.getFullStart()) ?? [];
  return ranges
    .map((r) =>
      source.text
        .slice(r.pos, r.end)
        .replace(/^\/\*\*?|\*\/$/g, '')
        .split('\n')
        .map((l) => l.replace(/^\s*(\/\/|\*)?\s?/, '').trim())
        .filter(Boolean)
        .join(' '),
    )
    .join(' ');
}

/** What each state's handler reads and writes, helpers of the same file followed one level down. */
export function statesFromSource(text: string, constants: Context['constants'] = {}, fileName = 'states.ts'): StateDoc[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const helpers = new Map<string, ts.FunctionDeclaration>();
  let handlers: ts.ObjectLiteralExpression | undefined;
  source.forEachChild((node) => {
    if (!ts.isFunctionDeclaration(node) || !node.name) return;
    if (node.name.text === 'stateHandlers') {
      node.body?.forEachChild(function find(n): void {
        if (ts.isReturnStatement(n) && n.expression && ts.isObjectLiteralExpression(n.expression)) handlers = n.expression;
      });
    } else helpers.set(node.name.text, node);
  });
  if (!handlers) throw new Error(`${fileName}: no \`return { … }\` of state handlers in function stateHandlers`);
  const states: StateDoc[] = [];
  for (const prop of handlers.properties) {
    if (!ts.isPropertyAssignment(prop) || !(ts.isStringLiteral(prop.name) || ts.isIdentifier(prop.name))) continue;
    const doc: StateDoc = { name: prop.name.text, comment: commentAbove(prop, source), params: new Map(), sql: [] };
    const seenHelpers = new Set<string>();
    const walk = (node: ts.Node, inHelper: boolean, bindings: Map<string, string>): void => {
      const cx: Context = { source, constants, bindings };
      const read = paramRead(node);
      if (read && !inHelper) doc.params.set(read.name, read.type);
      // `p.name` read without a reader: an optional parameter (the handler checks its type itself).
      if (!inHelper && ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'p' && !doc.params.has(node.name.text))
        doc.params.set(node.name.text, 'optional');
      if (ts.isTaggedTemplateExpression(node) && node.tag.getText(source) === 'sql') doc.sql.push(sqlText(node, cx));
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)) {
        const helper = helpers.get(node.expression.text);
        if (helper && !seenHelpers.has(helper.name!.text)) {
          seenHelpers.add(helper.name!.text);
          const args = new Map(
            helper.parameters.flatMap((param, i) => {
              const arg = node.arguments[i] ?? param.initializer;
              return ts.isIdentifier(param.name) && arg ? [[param.name.text, placeholder(arg, cx)] as const] : [];
            }),
          );
          helper.body?.forEachChild((n) => walk(n, true, args));
        }
      }
      node.forEachChild((n) => walk(n, inHelper, bindings));
    };
    walk(prop.initializer, false, new Map());
    states.push(doc);
  }
  return states;
}

const code = (s: string) => `\`${s.replace(/`/g, "'")}\``;
const anchor = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^\p{L}\p{N} -]/gu, '')
    .replace(/ /g, '-');

export function catalogue(statesSource: string, pacts: PactFile[], constants: Context['constants'] = {}): string {
  const states = statesFromSource(statesSource, constants);
  const uses = new Map<string, { pact: string; description: string; params: Record<string, unknown> }[]>();
  for (const pact of [...pacts].sort((a, b) => a.name.localeCompare(b.name))) {
    const between = `${pact.json.consumer?.name ?? '?'} → ${pact.json.provider?.name ?? '?'}`;
    for (const i of pact.json.interactions ?? [])
      for (const s of i.providerStates ?? []) {
        const list = uses.get(s.name) ?? [];
        list.push({ pact: between, description: i.description, params: s.params ?? {} });
        uses.set(s.name, list);
      }
  }
  const known = new Set(states.map((s) => s.name));
  const unhandled = [...uses.keys()].filter((n) => !known.has(n)).sort();
  const interactions = pacts.reduce((n, p) => n + (p.json.interactions?.length ?? 0), 0);
  const lines: string[] = [
    '# Provider states',
    '',
    '<!-- Generated by `npm run pact:states` from contracts/provider/states.ts and contracts/pacts/. Do not edit: CI fails when it is stale. -->',
    '',
    `Every provider state the consumer's pacts name (${states.length} states, ${interactions} interactions). A provider sets`,
    'each one up before the interaction that names it. The reference backend does so in `contracts/provider/states.ts`, on',
    'top of its demo seed (`server/db/seed-data.ts`); another backend writes its own handler per state, from the',
    'parameters and the data below.',
    '',
    'The verifier asks for each state over HTTP when `PACT_STATES_SECRET` is set:',
    '',
    '```http',
    'POST /_pact/provider-states',
    'x-pact-states-secret: <PACT_STATES_SECRET>',
    'content-type: application/json',
    '',
    '{ "state": "member has lectures in the cart", "params": { "useruid": "u-demo-1", "contentsids": [104, 106] }, "action": "setup" }',
    '```',
    '',
    'Answer 2xx once the data is in place (any other status fails the interaction); `teardown` may be a no-op. The',
    'member every pact acts as is `u-demo-1`: the verifier sends the token of `PACT_PROVIDER_TOKEN` or',
    '`PACT_PROVIDER_TOKEN_CMD` for it. "Data" shows the SQL the reference backend runs: `:name` is a parameter or a',
    'value made of them, `:(…)` a value its handler computes, in TypeScript (`kstNow()` is the current Korean wall-clock',
    "time). What matters is the data it leaves, not the statements; the `select`s check the seed holds what the state needs.",
    '',
    '| State | Parameters | Interactions |',
    '| --- | --- | --- |',
    ...states.map(
      (s) =>
        `| [${s.name}](#${anchor(s.name)}) | ${[...s.params.keys()].map(code).join(', ') || '—'} | ${uses.get(s.name)?.length ?? 0} |`,
    ),
    '',
  ];
  if (unhandled.length)
    lines.push('**Named by a pact but without a handler** (verification fails on them):', '', ...unhandled.map((n) => `- ${n}`), '');
  for (const s of states) {
    lines.push(`## ${s.name}`, '');
    if (s.comment) lines.push(s.comment, '');
    lines.push(
      s.params.size
        ? `Parameters: ${[...s.params].map(([name, type]) => `${code(name)} (${type})`).join(', ')}.`
        : 'Parameters: none.',
      '',
    );
    if (s.sql.length) lines.push('Data:', '', '```sql', ...s.sql.map((q) => `${q};`), '```', '');
    else lines.push('Data: nothing beyond the seed.', '');
    const used = uses.get(s.name) ?? [];
    lines.push(used.length ? `Used by ${used.length} interaction${used.length > 1 ? 's' : ''}:` : 'Used by no interaction.', '');
    for (const u of used) lines.push(`- ${u.pact}: "${u.description}" ${code(JSON.stringify(u.params))}`);
    if (used.length) lines.push('');
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

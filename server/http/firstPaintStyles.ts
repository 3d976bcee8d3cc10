import { APP_START, type BuiltFileReader } from './static';

/**
 * The rules of the built stylesheets that a static first paint needs, picked by the classes and elements it is made
 * of, so that picture can paint before the stylesheets are in, styled by the very rules the app renders with (one
 * source: the app's CSS files). A selector is kept when every part of it is one of those classes or elements (with
 * `::before` / `::after`, and `:root` for the colour variables); a rule with a pseudo-class (`:hover`), an attribute
 * or another class in any part of a selector is left out for that selector. `@media` blocks keep their kept rules;
 * other at-rules (`@font-face`, `@keyframes`, `@supports`) are left out.
 */

/** At a string or comment: the index of its last character (-1 when it never closes); elsewhere `i` itself. */
function skipQuoted(css: string, i: number): number {
  const ch = css[i];
  if (ch === '"' || ch === "'") return css.indexOf(ch, i + 1);
  if (ch === '/' && css[i + 1] === '*') {
    const close = css.indexOf('*/', i + 2);
    return close < 0 ? -1 : close + 1;
  }
  return i;
}

/** Index just past the block that opens at `open` (a `{`), skipping strings and comments. */
function blockEnd(css: string, open: number): number {
  let depth = 0;
  for (let i = open; i < css.length; i++) {
    i = skipQuoted(css, i);
    if (i < 0) return css.length;
    if (css[i] === '{') depth++;
    else if (css[i] === '}' && --depth === 0) return i + 1;
  }
  return css.length;
}

/** Splits on commas outside parentheses and strings. */
function splitList(selectors: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < selectors.length; i++) {
    const ch = selectors[i];
    if (ch === '(') depth++;
    else if (ch === ')') depth--;
    else if (ch === ',' && depth === 0) {
      out.push(selectors.slice(start, i).trim());
      start = i + 1;
    }
  }
  out.push(selectors.slice(start).trim());
  return out.filter(Boolean);
}

/** With one colon too: minifiers write the legacy form. */
const PSEUDO_ELEMENTS = new Set(['::before', '::after', ':before', ':after']);

/** Whether every compound of the selector is made of the picture's classes and elements only. */
function selectorFits(selector: string, classes: ReadonlySet<string>, elements: ReadonlySet<string>): boolean {
  if (/[[\]()]/.test(selector)) return false;
  return selector
    .split(/\s*[\s>+~]\s*/)
    .filter(Boolean)
    .every((compound) => {
      const parts = compound.match(/::?[\w-]+|\.[\w-]+|#[\w-]+|\*|[\w-]+/g) ?? [];
      if (parts.join('') !== compound) return false;
      return parts.every((part) => {
        if (part.startsWith('.')) return classes.has(part.slice(1));
        if (PSEUDO_ELEMENTS.has(part) || part === ':root' || part === '*') return true;
        if (part.startsWith(':') || part.startsWith('#')) return false;
        return elements.has(part.toLowerCase());
      });
    });
}

/** Index of the first `{` or `;` at or after `from`, outside strings and comments (-1: none). */
function nextDelimiter(css: string, from: number): number {
  for (let i = from; i < css.length; i++) {
    i = skipQuoted(css, i);
    if (i < 0) return -1;
    if (css[i] === '{' || css[i] === ';') return i;
  }
  return -1;
}

export function firstPaintRules(css: string, classes: ReadonlySet<string>, elements: ReadonlySet<string>): string {
  let out = '';
  let i = 0;
  while (i < css.length) {
    const at = nextDelimiter(css, i);
    if (at < 0) break;
    // `@charset "…";`, `@import …;`, `@layer a;`: a statement, not a block.
    if (css[at] === ';') {
      i = at + 1;
      continue;
    }
    const prelude = css.slice(i, at).replace(/\/\*[\s\S]*?\*\//g, '').trim();
    const end = blockEnd(css, at);
    const body = css.slice(at + 1, end - 1);
    if (prelude.startsWith('@media')) {
      const inner = firstPaintRules(body, classes, elements);
      if (inner) out += `${prelude}{${inner}}`;
    } else if (!prelude.startsWith('@')) {
      const kept = splitList(prelude).filter((s) => selectorFits(s, classes, elements));
      if (kept.length) out += `${kept.join(',')}{${body.trim()}}`;
    }
    i = end;
  }
  return out;
}

/** The entry's stylesheet links as Vite writes them into index.html (render-blocking in <head>). */
const STYLESHEET_LINK = /<link rel="stylesheet"[^>]*\bhref="\/([^"]+)"[^>]*>/g;

/** A screen's own stylesheet as routePreloads.ts preloads it (it is applied once the screen's chunk asks for it). */
const PRELOADED_STYLE = /<link rel="preload" as="style"[^>]*\bhref="\/([^"]+)"[^>]*>/g;

/**
 * index.html with its static first paint (the markup inside `<div id="app">`) painting before the stylesheets are in:
 * the rules that picture needs inline in <head>, and the stylesheet links moved to the end of <body>. A stylesheet
 * there still holds back every script (the app renders with all its styles, as before) but not the paint of what
 * comes before it. `withPreloadedStyles`: the rules are picked from the screen's preloaded stylesheets too (the
 * player's are in its own chunk's).
 */
export function paintBeforeStylesheets({ withPreloadedStyles = false } = {}): (html: string, read: BuiltFileReader) => string {
  // The rules depend only on the stylesheets and the picture's classes and elements: the same for every class.
  const rulesOf = new Map<string, string>();
  return (html, read) => {
    const links = [...html.matchAll(STYLESHEET_LINK)];
    const start = html.indexOf(APP_START);
    const end = html.lastIndexOf('</body>');
    if (!links.length || start < 0 || end < start) return html;
    // The markup only: a data block's JSON is no part of the picture.
    const picture = html.slice(start, end).replace(/<script[\s\S]*?<\/script>/g, '');
    const classes = [...picture.matchAll(/\bclass="([^"]*)"/g)].flatMap((m) => m[1]!.split(/\s+/)).filter(Boolean);
    const elements = ['html', 'body', ...[...picture.matchAll(/<([a-z][a-z0-9]*)/g)].map((m) => m[1]!)];
    const hrefs = [...links, ...(withPreloadedStyles ? html.matchAll(PRELOADED_STYLE) : [])].map((m) => m[1]!);
    const key = JSON.stringify([hrefs, [...new Set(classes)].sort(), [...new Set(elements)].sort()]);
    let rules = rulesOf.get(key);
    if (rules === undefined) {
      rules = firstPaintRules(hrefs.map((href) => read(href) ?? '').join('\n'), new Set(classes), new Set(elements));
      rulesOf.set(key, rules);
    }
    let out = html;
    for (const [tag] of links) out = out.replace(tag, '');
    out = out.replace('</head>', () => `<style>${rules}</style></head>`);
    return out.replace(/<\/body>(?![\s\S]*<\/body>)/, () => `${links.map(([tag]) => tag).join('')}</body>`);
  };
}

import { describe, expect, it } from 'vitest';
import { firstPaintRules, paintBeforeStylesheets } from './firstPaintStyles';

const classes = new Set(['band', 'band__title', 'thumb', 'page']);
const elements = new Set(['html', 'body', 'div', 'p', 'img']);

describe('first paint rules', () => {
  it("keeps the rules of the picture's classes and elements, with their media queries and ::before", () => {
    const css =
      ':root{--c-line:#e6e6ea}*{box-sizing:border-box}body{margin:0}a{color:red}button{font:inherit}' +
      '.band{background:#f7f6f4}.band__title:before,.band__title::before{content:"{";display:block}' +
      '@media (max-width:1024px){.band{padding:24px}.card{padding:0}}@media (min-width:2000px){.card{gap:0}}' +
      '.page .thumb img{width:100%}.shell .page{padding:0}.thumb:hover{opacity:.5}.thumb[data-x]{gap:0}' +
      '@font-face{font-family:x;src:url(x.woff2)}@keyframes spin{to{transform:rotate(1turn)}}';
    expect(firstPaintRules(css, classes, elements)).toBe(
      ':root{--c-line:#e6e6ea}*{box-sizing:border-box}body{margin:0}' +
        '.band{background:#f7f6f4}.band__title:before,.band__title::before{content:"{";display:block}' +
        '@media (max-width:1024px){.band{padding:24px}}' +
        '.page .thumb img{width:100%}',
    );
  });

  it('reads past a leading @charset and comments', () => {
    expect(firstPaintRules('@charset "UTF-8";/* a { */.band{gap:1px}', classes, elements)).toBe('.band{gap:1px}');
  });
});

describe('paint before stylesheets', () => {
  const files: Record<string, string> = { 'assets/index.css': '.band{gap:1px}.card{gap:2px}p{margin:0}button{all:unset}' };
  const html =
    '<html><head><title>t</title><link rel="stylesheet" crossorigin href="/assets/index.css"></head>' +
    '<body><div id="app"><div class="band"><p>클래스 상세</p></div></div></body></html>';

  it('writes the picture\'s rules inline and moves the stylesheet after it, where it holds back scripts, not the paint', () => {
    const out = paintBeforeStylesheets()(html, (f) => files[f]);
    expect(out).toBe(
      '<html><head><title>t</title><style>.band{gap:1px}p{margin:0}</style></head>' +
        '<body><div id="app"><div class="band"><p>클래스 상세</p></div></div><link rel="stylesheet" crossorigin href="/assets/index.css"></body></html>',
    );
  });

  it("reads the picture's markup only, not a data block beside it, and gives every page of that picture the same rules", () => {
    const withData = html.replace('</div></div>', '</div></div><script type="application/json">{"x":"<div class="card">"}</script>');
    const paint = paintBeforeStylesheets();
    const first = paint(withData, (f) => files[f]);
    expect(first).toContain('<style>.band{gap:1px}p{margin:0}</style>');
    expect(paint(withData, (f) => files[f])).toBe(first);
  });

  it('leaves a page without stylesheet links as it is', () => {
    const bare = '<html><head></head><body><div id="app"></div></body></html>';
    expect(paintBeforeStylesheets()(bare, (f) => files[f])).toBe(bare);
  });
});

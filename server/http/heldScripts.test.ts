import { describe, expect, it } from 'vitest';
import { HOLD_SCRIPT, holdUntilFirstPaint } from './heldScripts';

const PAGE = (picture: string) =>
  '<html><head><script type="module" crossorigin src="/assets/index-a.js"></script><link rel="modulepreload" crossorigin href="/assets/framework-b.js">' +
  '<link rel="stylesheet" crossorigin href="/assets/index-c.css"><!--app-head--></head>' +
  `<body><div id="app">${picture}</div></body></html>`;
const read = (file: string) => (file === 'assets/index-c.css' ? '.hero{height:10px}.other{color:red}' : undefined);

describe('scripts held until the first paint', () => {
  it('a page whose picture has its largest image lists its scripts for the hold, after the stylesheets', async () => {
    const html = await holdUntilFirstPaint()(PAGE('<div class="hero"><img data-paint-first src="/x.svg"></div>'), '/main', read);
    expect(html).not.toMatch(/<script type="module"|rel="modulepreload"/);
    expect(JSON.parse(/<script type="application\/json" id="held-scripts">(.*?)<\/script>/.exec(html)![1]!)).toEqual([
      ['script', '/assets/index-a.js'],
      ['modulepreload', '/assets/framework-b.js'],
    ]);
    // The picture's rules inline; the stylesheet before the hold, which then runs once it is in.
    expect(html).toContain('<style>.hero{height:10px}</style>');
    expect(html.indexOf('<link rel="stylesheet"')).toBeGreaterThan(html.indexOf('<div id="app">'));
    expect(html.indexOf('<link rel="stylesheet"')).toBeLessThan(html.indexOf(`<script>${HOLD_SCRIPT}</script>`));
    expect(html.endsWith(`<script>${HOLD_SCRIPT}</script></body></html>`)).toBe(true);
  });

  it('leaves a page without such a picture as it is', async () => {
    const plain = PAGE('<div class="boot-header"></div>');
    expect(await holdUntilFirstPaint()(plain, '/notice', read)).toBe(plain);
  });
});

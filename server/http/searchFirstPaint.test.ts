import { describe, expect, it } from 'vitest';
import type { OwnCall } from './classListFirstPaint';
import { searchFirstPaint } from './searchFirstPaint';

const TEMPLATE = '<html><head><title>t</title><!--app-head--></head><body><div id="app"><!--app-hero--></div></body></html>';
const HOSTILE = '</p><script>alert(1)</script>';
const lecture = (contentsid: number) => ({
  contentsid,
  title: `강의 ${contentsid}`,
  thumbnail: `/media/thumbs/${contentsid}.svg`,
  ctgrname: '매트',
  teachername: '김강사',
  price: 30000,
  saleprice: 30000,
  isfree: false,
  isbest: false,
  isnew: true,
  ratingcnt: 0,
  ratingavg: 0,
});
const visit = (search: string) => ({ search: new URLSearchParams(search), cookie: () => undefined, header: () => undefined });

function answering(list: unknown[], totalCount = list.length): { call: OwnCall; bodies: unknown[] } {
  const bodies: unknown[] = [];
  const call: OwnCall = async (_method, path, body) => {
    bodies.push(body);
    return path === '/api/Contents/GetOnlineLectures/' ? { list, totalCount, page: 1, pageSize: 12 } : undefined;
  };
  return { call, bodies };
}

describe('search first paint', () => {
  it("draws the first cards of the page's own request, with the word, the count and the thumbnails preloaded", async () => {
    const { call, bodies } = answering([101, 102, 103, 104, 105].map(lecture), 1000);
    const html = await searchFirstPaint(call)(TEMPLATE, '/search', undefined, visit('schtext=%20매트%20'));
    expect(bodies).toEqual([{ pageSize: 12, isonlybranch: true, page: 1, schtext: '매트' }]);
    expect(html).toContain('<p class="page__title"><span class="accent">‘매트’</span> 검색 결과</p>');
    // The server counts a search up to its limit: the page says so as the app does.
    expect(html).toContain('<p class="page__lead">클래스 1,000개 이상</p>');
    expect([...html.matchAll(/href="\/classView\/(\d+)"/g)].map((m) => Number(m[1]))).toEqual([101, 102, 103, 104]);
    expect([...html.matchAll(/<link rel="preload" as="image" href="([^"]+)"/g)].map((m) => m[1])).toHaveLength(4);
    expect(html.match(/<img data-paint-first /g)).toHaveLength(4);
  });

  it('escapes the word, and leaves an empty word, another page, no match or another path to the app', async () => {
    const { call } = answering([lecture(101)]);
    const hostile = await searchFirstPaint(call)(TEMPLATE, '/search', undefined, visit(`schtext=${encodeURIComponent(HOSTILE)}`));
    expect(hostile).not.toContain('<script>');
    expect(hostile).toContain('&lt;/p&gt;&lt;script&gt;');
    for (const search of ['', 'schtext=%20', 'schtext=매트&page=2']) {
      expect(await searchFirstPaint(call)(TEMPLATE, '/search', undefined, visit(search))).toBe(TEMPLATE);
    }
    expect(await searchFirstPaint(answering([]).call)(TEMPLATE, '/search', undefined, visit('schtext=없는말'))).toBe(TEMPLATE);
    expect(await searchFirstPaint(call)(TEMPLATE, '/notice', undefined, visit('schtext=매트'))).toBe(TEMPLATE);
  });
});

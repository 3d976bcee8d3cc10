import { describe, expect, it } from 'vitest';
import { classListFirstPaint, type OwnCall } from './classListFirstPaint';

const TEMPLATE = '<html><head><title>t</title><!--app-head--></head><body><div id="app"></div></body></html>';
const HOSTILE = '</script><script>alert(1)</script>';
const lecture = (contentsid: number, title = `강의 ${contentsid}`) => ({
  contentsid,
  title,
  thumbnail: `/media/thumbs/${contentsid}.svg`,
});

function recording(answers: Record<string, unknown>): {
  call: OwnCall;
  calls: { method: string; path: string; body?: unknown }[];
} {
  const calls: { method: string; path: string; body?: unknown }[] = [];
  const call: OwnCall = async (method, path, body) => {
    calls.push({ method, path, body });
    return answers[path.split('?')[0]!];
  };
  return { call, calls };
}

const dataBlock = (html: string) =>
  JSON.parse(/<script type="application\/json" id="first-paint-data">(.*?)<\/script>/s.exec(html)![1]!);

describe('class list first paint', () => {
  it('writes the first page and the categories as the operations answered them, and preloads the first thumbnails', async () => {
    const page = {
      list: [lecture(103), lecture(102), lecture(101), lecture(104), lecture(105)],
      totalCount: 5,
      page: 1,
      pageSize: 12,
    };
    const { call, calls } = recording({
      '/api/Contents/GetOnlineLectures/': page,
      '/api/Category/GetList/category': [{ categoryid: 1 }],
    });
    const html = await classListFirstPaint(call)(TEMPLATE, '/classList/111/1');
    expect(calls.find((c) => c.path === '/api/Contents/GetOnlineLectures/')?.body).toEqual({
      page: 1,
      pageSize: 12,
      isonlybranch: true,
      sortType: 'recent',
      categoryid: 111,
      pcategoryid: 1,
    });
    expect(dataBlock(html)).toEqual([
      { operation: 'getOnlineLectures', request: calls[0]!.body, datas: page },
      { operation: 'getCategories', request: { isactive: 1, pcategoryid: 0 }, datas: [{ categoryid: 1 }] },
    ]);
    expect([...html.matchAll(/<link rel="preload" as="image" href="([^"]+)"/g)].map((m) => m[1])).toEqual([
      '/media/thumbs/103.svg',
      '/media/thumbs/102.svg',
      '/media/thumbs/101.svg',
      '/media/thumbs/104.svg',
    ]);
  });

  it('cannot be closed early by a title or address the data carries', async () => {
    const hostile = { ...lecture(101, HOSTILE), thumbnail: '/x.svg"><script>alert(1)</script>' };
    const { call } = recording({ '/api/Contents/GetOnlineLectures/': { list: [hostile], totalCount: 1, page: 1, pageSize: 12 } });
    const html = await classListFirstPaint(call)(TEMPLATE, '/classList/111/1');
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(dataBlock(html)[0].datas.list[0].title).toBe(HOSTILE);
  });

  it('leaves other pages, and a class list whose call failed, as they are', async () => {
    const { call, calls } = recording({});
    expect(await classListFirstPaint(call)(TEMPLATE, '/classList/111/1')).toBe(TEMPLATE);
    expect(await classListFirstPaint(call)(TEMPLATE, '/classView/101')).toBe(TEMPLATE);
    expect(await classListFirstPaint(call)(TEMPLATE, '/classList/111')).toBe(TEMPLATE);
    expect(calls.every((c) => c.path.startsWith('/api/'))).toBe(true);
  });
});

describe('class list picture', () => {
  const WITH_SLOT = TEMPLATE.replace('<div id="app"></div>', '<div id="app"><!--app-hero--></div>');
  const full = (contentsid: number, more: Record<string, unknown> = {}) => ({
    ...lecture(contentsid),
    ctgrname: '매트',
    teachername: '김강사',
    price: 50000,
    saleprice: 40000,
    isfree: false,
    isbest: false,
    isnew: false,
    ratingcnt: 0,
    ratingavg: 0,
    ...more,
  });
  const categories = [
    { categoryid: 1, pcategoryid: 0, parentID: 0, ctgrname: '필라테스' },
    { categoryid: 111, pcategoryid: 1, parentID: 1, ctgrname: '매트' },
    { categoryid: 112, pcategoryid: 1, parentID: 1, ctgrname: '기구' },
  ];
  const answers = (list: unknown[]) => ({
    '/api/Contents/GetOnlineLectures/': { list, totalCount: 9, page: 1, pageSize: 12 },
    '/api/Category/GetList/category': categories,
  });
  const visit = (search = '') => ({ search: new URLSearchParams(search), cookie: () => undefined, header: () => undefined });

  it('draws the first screenful as the app lays it out: path, title, sibling chips, count and the first four cards', async () => {
    const list = [full(105, { isbest: true, ratingcnt: 3, ratingavg: 4 }), full(104, { isfree: true }), full(103), full(102), full(101)];
    const { call } = recording(answers(list));
    const html = await classListFirstPaint(call)(WITH_SLOT, '/classList/111/1', undefined, visit());
    expect(html).not.toContain('<!--app-hero-->');
    expect(html).toContain('<ol class="breadcrumb"><li><a href="/main">홈</a></li><li><a href="/classList/1/0">필라테스</a></li><li><a href="/classList/111/1">매트</a></li></ol>');
    expect(html).toContain('<p class="page__title">매트</p>');
    // A leaf shows its siblings, itself marked.
    expect(html).toContain('<a href="/classList/111/1" class="chip on">매트</a></li><li><a href="/classList/112/1" class="chip">기구</a>');
    expect(html).toContain('총 <strong class="accent">9</strong>개의 클래스');
    const cards = [...html.matchAll(/<article class="lecture-card"><a href="\/classView\/(\d+)"/g)].map((m) => Number(m[1]));
    expect(cards).toEqual([105, 104, 103, 102]);
    // Every card's image waits for nothing and holds the scripts (heldScripts.ts); the first has the line first.
    expect(html.match(/<img data-paint-first /g)).toHaveLength(4);
    expect(html).toContain('<img data-paint-first fetchpriority="high" src="/media/thumbs/105.svg"');
    expect(html).toContain('<span class="lecture-card__badge">BEST</span>');
    expect(html).toContain('★</span> 4.0 <span class="lecture-card__count">(3)</span>');
    expect(html).toContain('<strong class="price__free">무료</strong>');
    expect(html).toContain('<span class="price__off">20%</span><strong class="price__sale">40,000원</strong><del class="price__list">50,000원</del>');
    // Not the app's headings: a picture.
    expect(html).not.toMatch(/<h[1-6]/);
  });

  it('escapes what the records carry, and draws nothing for another sort or page, an empty list or no categories', async () => {
    const { call } = recording(answers([full(101, { title: HOSTILE, teachername: HOSTILE })]));
    const html = await classListFirstPaint(call)(WITH_SLOT, '/classList/111/1', undefined, visit());
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html).toContain('&lt;/script&gt;');
    for (const search of ['sort=pricelow', 'page=2']) {
      expect(await classListFirstPaint(call)(WITH_SLOT, '/classList/111/1', undefined, visit(search))).toContain('<!--app-hero-->');
    }
    expect(await classListFirstPaint(recording(answers([])).call)(WITH_SLOT, '/classList/111/1', undefined, visit())).toContain('<!--app-hero-->');
    const noCategories = recording({ '/api/Contents/GetOnlineLectures/': answers([full(101)])['/api/Contents/GetOnlineLectures/'] }).call;
    expect(await classListFirstPaint(noCategories)(WITH_SLOT, '/classList/111/1', undefined, visit())).toContain('<!--app-hero-->');
  });
});

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

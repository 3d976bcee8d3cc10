import { describe, expect, it } from 'vitest';
import type { OwnCall } from './classListFirstPaint';
import { classViewFirstPaint } from './classViewFirstPaint';

const TEMPLATE = '<html><head><title>t</title><!--app-head--></head><body><div id="app"><!--app-hero--></div></body></html>';
const HOSTILE = '</script><script>alert(1)</script>';
const detail = (contentsid: number, title = `강의 ${contentsid}`) => ({ contentsid, title, thumbnail: `/media/thumbs/${contentsid}.svg` });

function recording(answers: Record<string, unknown>): { call: OwnCall; calls: { method: string; path: string }[] } {
  const calls: { method: string; path: string }[] = [];
  const call: OwnCall = async (method, path) => {
    calls.push({ method, path });
    return answers[path];
  };
  return { call, calls };
}

const dataBlock = (html: string) =>
  JSON.parse(/<script type="application\/json" id="first-paint-data">(.*?)<\/script>/s.exec(html)![1]!);

describe('class view first paint', () => {
  it("writes the class's record as a visitor's detail call answers it, and preloads its thumbnail first", async () => {
    const { call, calls } = recording({ '/api/Contents/GetOnlineDetail/127/0': detail(127) });
    const html = await classViewFirstPaint(call)(TEMPLATE, '/classView/127');
    expect(calls).toEqual([{ method: 'GET', path: '/api/Contents/GetOnlineDetail/127/0' }]);
    expect(dataBlock(html)).toEqual([{ operation: 'getOnlineDetail', request: { contentsid: 127, useruid: '0' }, datas: detail(127) }]);
    expect([...html.matchAll(/<link rel="preload" as="image" href="([^"]+)" fetchpriority="high">/g)].map((m) => m[1])).toEqual([
      '/media/thumbs/127.svg',
    ]);
    // The thumbnail paints before any script, in the box the summary puts it (ClassSummary's classes).
    expect(html).toContain(
      '<div class="class-summary__thumb"><img data-paint-first src="/media/thumbs/127.svg" alt="" width="640" height="400" fetchpriority="high" decoding="sync"></div>',
    );
    expect(html).not.toContain('<!--app-hero-->');
    // The app routes case-insensitively and with a trailing slash: so does the first paint.
    expect(dataBlock(await classViewFirstPaint(call)(TEMPLATE, '/classview/127/'))[0].request.contentsid).toBe(127);
  });

  it('cannot be closed early by a title or address the record carries', async () => {
    const hostile = { ...detail(101, HOSTILE), thumbnail: '/x.svg"><script>alert(1)</script>' };
    const { call } = recording({ '/api/Contents/GetOnlineDetail/101/0': hostile });
    const html = await classViewFirstPaint(call)(TEMPLATE, '/classView/101');
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(dataBlock(html)[0].datas.title).toBe(HOSTILE);
  });

  it('leaves other pages, and an unknown class (its call failed), as they are', async () => {
    const { call, calls } = recording({ '/api/Contents/GetOnlineDetail/101/0': detail(101) });
    expect(await classViewFirstPaint(call)(TEMPLATE, '/classView/999')).toBe(TEMPLATE);
    expect(await classViewFirstPaint(call)(TEMPLATE, '/classView/abc')).toBe(TEMPLATE);
    expect(await classViewFirstPaint(call)(TEMPLATE, '/classList/111/1')).toBe(TEMPLATE);
    expect(await classViewFirstPaint(call)(TEMPLATE, '/player/101')).toBe(TEMPLATE);
    expect(calls.map((c) => c.path)).toEqual(['/api/Contents/GetOnlineDetail/999/0']);
  });
});

import { describe, expect, it } from 'vitest';
import type { NoticeRow } from '../db/rows';
import { noticeFirstPaint } from './noticeFirstPaint';

const TEMPLATE = '<html><head><!--app-head--></head><body><div id="app"><!--app-hero--></div></body></html>';
const notice = (more: Partial<NoticeRow> = {}): NoticeRow => ({
  noticeid: 7,
  isnotice: 1 as NoticeRow['isnotice'],
  title: '수강 안내',
  content: '<p>본문 <strong>강조</strong></p>',
  istop: true,
  viewcnt: 30,
  writer: '관리자',
  attachment: null,
  created_at: '2026-12-05 09:30:00',
  ...more,
});
const reading = (row: NoticeRow | undefined) => async (id: number) => (row && row.noticeid === id ? row : undefined);

describe('notice first paint', () => {
  it('draws the notice as the app lays it out, the count its own call will show, the body held for', async () => {
    const html = await noticeFirstPaint(reading(notice()))(TEMPLATE, '/noticeView/7');
    expect(html).toContain('<p class="subpage-band__title">공지사항</p>');
    expect(html).toContain('<em class="pin">공지</em><p class="board-view__title" style="font-weight:700">수강 안내</p>');
    expect(html).toContain('<p class="board-view__meta">관리자 · 2026.12.05 · 조회 31</p>');
    expect(html).toContain('<div data-paint-first class="safe-html board-view__body"><p>본문 <strong>강조</strong></p></div>');
    expect(html).not.toMatch(/<h[1-6]/);
  });

  it("sanitises the body and escapes the title; an unknown notice or another page is the app's", async () => {
    const hostile = notice({ title: '</p><script>alert(1)</script>', content: '<p onclick="x()">a</p><script>alert(2)</script><img src=x onerror=y>' });
    const html = await noticeFirstPaint(reading(hostile))(TEMPLATE, '/noticeview/7/');
    expect(html).not.toMatch(/<script|onclick|onerror/);
    expect(html).toContain('&lt;/p&gt;&lt;script&gt;');
    expect(await noticeFirstPaint(reading(notice()))(TEMPLATE, '/noticeView/8')).toBe(TEMPLATE);
    expect(await noticeFirstPaint(reading(notice()))(TEMPLATE, '/notice')).toBe(TEMPLATE);
  });
});

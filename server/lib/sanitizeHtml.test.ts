import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './sanitizeHtml';

describe('sanitizeHtml', () => {
  it('keeps a rich text as written', async () => {
    const html = '<h3>소개</h3><p><strong>리포머</strong> 기초를 <a href="https://example.com/a">익힙니다</a>.</p><ul><li>호흡</li></ul>';
    expect(await sanitizeHtml(html)).toBe(html.replace('<a href="https://example.com/a">', '<a href="https://example.com/a" rel="noopener noreferrer">'));
  });

  it.each([
    ['<script>alert(1)</script><p>본문</p>', '<p>본문</p>'],
    ['<img src="x" onerror="alert(1)">', '<img src="x" />'],
    ['<a href="javascript:alert(1)">눌러</a>', '<a rel="noopener noreferrer">눌러</a>'],
    ['<p onclick="alert(1)" style="color:red">글</p>', '<p>글</p>'],
    ['<iframe src="https://evil.example"></iframe>ok', 'ok'],
    ['<svg><script>alert(1)</script></svg>x', 'x'],
    ['<img src="data:text/html;base64,PHNjcmlwdD4=">', '<img />'],
  ])('removes what could run: %s', async (input, expected) => {
    expect(await sanitizeHtml(input)).toBe(expected);
  });
});

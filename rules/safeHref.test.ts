import { describe, expect, it } from 'vitest';
import { safeHref } from './safeHref';

describe('safeHref: links the server or the app writes from data', () => {
  it.each([
    '/classList/111/11',
    '/classView/101?tab=qna#ratings',
    '/',
    'https://www.instagram.com/',
    'http://example.kr/a b'.replace(' ', '%20'),
    'HTTPS://Example.kr',
  ])('keeps %s', (href) => expect(safeHref(href)).toBe(href));
  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    '\u0001javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    '//evil.example/x',
    '/\\evil.example',
    'relative/path',
    'mailto:a@b.kr',
    'https:/x',
    '',
    null,
    undefined,
  ])('drops %j', (href) => expect(safeHref(href)).toBeUndefined());
});

import { describe, expect, it } from 'vitest';
import { memberText } from './memberText';

describe('memberText', () => {
  it('shows what a member writes now exactly as written: line breaks, "<", tags and entities are their text', () => {
    const written = '첫 줄입니다.\n둘째 줄 <b>굵게</b> 아님 & 1 < 2\n\n  들여쓴 셋째 줄 &amp;';
    expect(memberText(written)).toBe(written);
    expect(memberText('<p>로 시작하지만 닫지 않은 글')).toBe('<p>로 시작하지만 닫지 않은 글');
  });

  it("turns an old editor record into its text (the seed's suggestion)", () => {
    expect(memberText('<p>출장 때문에 수강을 못했어요. 연장 가능할까요?</p>')).toBe('출장 때문에 수강을 못했어요. 연장 가능할까요?');
  });

  it('keeps an old record’s paragraphs and <br> as line breaks and decodes its entities', () => {
    expect(memberText('<p>첫 문단<br>둘째 줄</p>\n<p>A &amp; B &lt;3 &#39;요&#x27;&nbsp;끝</p>')).toBe(
      "첫 문단\n둘째 줄\nA & B <3 '요' 끝",
    );
    expect(memberText('<div><strong>굵은</strong> 글과 <a href="javascript:alert(1)">링크</a></div>')).toBe('굵은 글과 링크');
  });
});

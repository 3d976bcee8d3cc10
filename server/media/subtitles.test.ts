import { describe, expect, it } from 'vitest';
import { EMPTY_FILE, NO_CUES, SubtitleError, cueCount, invalidUtf8At, parseSubtitles, sanitizeCueText, writeWebVtt } from './subtitles';

const utf8 = (text: string) => new TextEncoder().encode(text);
const convert = (text: string | Uint8Array) => writeWebVtt(parseSubtitles(typeof text === 'string' ? utf8(text) : text).cues);
/** The Korean message a file is refused with. */
function refusal(text: string | Uint8Array): SubtitleError {
  try {
    parseSubtitles(typeof text === 'string' ? utf8(text) : text);
  } catch (e) {
    if (e instanceof SubtitleError) return e;
    throw e;
  }
  throw new Error('the file was accepted');
}

const SRT = `1
00:00:01,000 --> 00:00:02,000
안녕하세요

2
00:00:02,500 --> 00:01:04,250
호흡을 준비합니다.
두 번째 줄

`;

describe('SRT becomes WebVTT', () => {
  it('comma to dot, numbers kept as cue ids, lines kept', () => {
    expect(convert(SRT)).toBe(
      'WEBVTT\n\n1\n00:00:01.000 --> 00:00:02.000\n안녕하세요\n\n2\n00:00:02.500 --> 00:01:04.250\n호흡을 준비합니다.\n두 번째 줄\n',
    );
    expect(parseSubtitles(utf8(SRT)).format).toBe('srt');
    expect(cueCount(convert(SRT))).toBe(2);
  });

  it('CRLF, a lone CR and a byte order mark read the same', () => {
    expect(convert(`\uFEFF${SRT.replace(/\n/g, '\r\n')}`)).toBe(convert(SRT));
    expect(convert(SRT.replace(/\n/g, '\r'))).toBe(convert(SRT));
  });

  it('hours past 99 and cues without numbers', () => {
    expect(convert('100:00:01,000 --> 100:00:02,000\n끝\n')).toBe('WEBVTT\n\n100:00:01.000 --> 100:00:02.000\n끝\n');
  });
});

describe('WebVTT is checked', () => {
  const VTT = `WEBVTT - 필라테스 1강
Kind: captions
Language: ko

NOTE 이 파일은 테스트용입니다
여러 줄 메모

STYLE
::cue { background-image: url(https://evil.example/x.png) }

intro
00:01.000 --> 00:02.000 align:start position:10% onclick:alert(1)
<v 강사>숨을 들이마시고</v>

00:00:02.000 --> 00:00:03.000
<c.yellow>내쉬세요</c>
`;

  it('header text, NOTE and STYLE blocks are dropped; ids, known settings and markup are kept', () => {
    expect(parseSubtitles(utf8(VTT)).format).toBe('vtt');
    expect(convert(VTT)).toBe(
      'WEBVTT\n\nintro\n00:00:01.000 --> 00:00:02.000 align:start position:10%\n<v 강사>숨을 들이마시고</v>\n\n00:00:02.000 --> 00:00:03.000\n<c.yellow>내쉬세요</c>\n',
    );
  });

  it('a first line other than WEBVTT is refused on line 1', () => {
    expect(refusal('WEBVTTX\n\n00:01.000 --> 00:02.000\n가\n').message).toBe("자막 파일 1번째 줄을 읽을 수 없습니다: 첫 줄은 'WEBVTT'여야 합니다.");
  });

  it('a cue right under the header (no blank line) is refused with its line', () => {
    expect(refusal('WEBVTT\n00:01.000 --> 00:02.000\n가\n').line).toBe(2);
  });

  it('SRT times (comma) in a WebVTT file are refused with the WebVTT format', () => {
    expect(refusal('WEBVTT\n\n00:00:01,000 --> 00:00:02,000\n가\n').message).toBe(
      '자막 파일 3번째 줄을 읽을 수 없습니다: 시간 형식은 00:00:01.000 --> 00:00:04.000 이어야 합니다.',
    );
  });

  it('a payload line with an arrow (a missing blank line) is refused', () => {
    expect(refusal('WEBVTT\n\n00:01.000 --> 00:02.000\n가\n00:02.000 --> 00:03.000\n나\n').line).toBe(5);
  });
});

describe('a malformed file is refused with the line it broke on', () => {
  it('a bad timestamp', () => {
    const e = refusal('1\n00:00:01,000 --> 00:00:02,000\n가\n\n2\n00:00:03,00 --> 00:00:04,000\n나\n');
    expect(e.line).toBe(6);
    expect(e.message).toBe('자막 파일 6번째 줄을 읽을 수 없습니다: 시간 형식은 00:00:01,000 --> 00:00:04,000 이어야 합니다.');
  });

  it('minutes or seconds past 59', () => {
    expect(refusal('1\n00:61:01,000 --> 00:62:02,000\n가\n').line).toBe(2);
  });

  it('a missing arrow', () => {
    const e = refusal('1\n00:00:01,000 00:00:02,000\n가\n');
    expect(e.line).toBe(2);
    expect(e.message).toContain("'-->'가 없습니다");
  });

  it('a number without its timing line, and text where a cue should begin', () => {
    expect(refusal('1\n00:00:01,000 --> 00:00:02,000\n가\n\n2\n').line).toBe(6);
    expect(refusal('1\n00:00:01,000 --> 00:00:02,000\n가\n\n\n나머지 대사\n').line).toBe(6);
  });

  it('reversed times (end before start) on the timing line', () => {
    const e = refusal('1\n00:00:01,000 --> 00:00:02,000\n가\n\n2\n00:00:05,000 --> 00:00:04,000\n나\n');
    expect([e.line, e.message]).toEqual([6, '자막 파일 6번째 줄을 읽을 수 없습니다: 끝 시간이 시작 시간보다 뒤여야 합니다.']);
  });

  it('overlapping cues, and cues out of order, name the later cue and the earlier one', () => {
    const overlap = refusal('1\n00:00:01,000 --> 00:00:03,000\n가\n\n2\n00:00:02,000 --> 00:00:04,000\n나\n');
    expect([overlap.line, overlap.message]).toEqual([6, '자막 파일 6번째 줄을 읽을 수 없습니다: 앞 자막(2번째 줄)과 시간이 겹치거나 순서가 바뀌었습니다.']);
    expect(refusal('1\n00:00:05,000 --> 00:00:06,000\n가\n\n2\n00:00:01,000 --> 00:00:02,000\n나\n').line).toBe(6);
  });

  it('line numbers count CRLF lines as one', () => {
    expect(refusal('1\r\n00:00:01,000 --> 00:00:02,000\r\n가\r\n\r\n2\r\nnot a time\r\n나\r\n').line).toBe(6);
  });

  it('bytes that are not UTF-8 (an EUC-KR file) are refused, naming the line and UTF-8', () => {
    // "안녕" in EUC-KR on line 3.
    const euckr = new Uint8Array([...utf8('1\n00:00:01,000 --> 00:00:02,000\n'), 0xbe, 0xc8, 0xb3, 0xe7, 0x0a]);
    const e = refusal(euckr);
    expect(e.message).toBe('자막 파일 3번째 줄이 UTF-8이 아닙니다. 메모장 등에서 인코딩을 UTF-8로 바꿔 저장한 뒤 다시 올려주세요.');
    expect(invalidUtf8At(utf8('가나다'))).toBe(-1);
    // An overlong encoding, a surrogate and a truncated sequence are not UTF-8 either.
    for (const bytes of [[0xc0, 0x80], [0xed, 0xa0, 0x80], [0xe0, 0x80, 0xaf], [0xea, 0xb0]]) expect(invalidUtf8At(new Uint8Array(bytes))).toBe(0);
  });

  it('an empty file, and a file without cues', () => {
    expect(refusal('').message).toBe(EMPTY_FILE);
    expect(refusal('\uFEFF\r\n  \n').message).toBe(EMPTY_FILE);
    expect(refusal('WEBVTT\n\nNOTE 메모뿐\n').message).toBe(NO_CUES);
    expect(refusal('1\n00:00:01,000 --> 00:00:02,000\n<script></script>\n').message).toBe(NO_CUES);
  });
});

describe('markup in cue text', () => {
  it("WebVTT's tags stay; scripts go with their content, other tags and every attribute go", () => {
    expect(sanitizeCueText('<b>굵게</b> <i>기울임</i> <u>밑줄</u> <ruby>漢<rt>한</rt></ruby>')).toBe('<b>굵게</b> <i>기울임</i> <u>밑줄</u> <ruby>漢<rt>한</rt></ruby>');
    expect(sanitizeCueText('<script>alert(1)</script>안녕<SCRIPT src=x>')).toBe('안녕');
    expect(sanitizeCueText('<b onclick="alert(1)">가</b><img src=x onerror=alert(1)><font color="#ff0">나</font>')).toBe('<b>가</b>나');
    expect(sanitizeCueText('<v.loud 김 "강사" onclick=x>다</v> <lang en>hi</lang> <lang "><x>라</lang>')).toBe('<v.loud 김 강사 onclickx>다</v> <lang en>hi</lang> 라</lang>');
    expect(sanitizeCueText('<00:00:01.500>마 <c.a.b-c>바</c>')).toBe('<00:00:01.500>마 <c.a.b-c>바</c>');
    expect(sanitizeCueText('{\\an8}3 < 5 & 5 > 3 &amp; &lt;ok&gt; &nbsp;')).toBe('3 &lt; 5 &amp; 5 &gt; 3 &amp; &lt;ok&gt; &nbsp;');
    expect(sanitizeCueText('<B>대문자</B>')).toBe('<b>대문자</b>');
  });

  it('an arrow in SRT text cannot end a WebVTT cue', () => {
    const out = convert('1\n00:00:01,000 --> 00:00:02,000\n가 --> 나\n');
    expect(out).toContain('가 --&gt; 나');
    expect(cueCount(out)).toBe(1);
  });

  it('no <script> survives the conversion', () => {
    const out = convert('1\n00:00:01,000 --> 00:00:02,000\n<script>alert(1)</script>자막\n<style>*{}</style><b>굵게</b>\n');
    expect(out).not.toMatch(/script|style|alert/i);
    expect(out).toContain('자막\n<b>굵게</b>');
  });
});

describe('a huge number of cues', () => {
  // About 2 MB, twice what an upload may be; quadratic work would take minutes, linear takes about a second.
  it('40 000 cues convert, every one kept, in linear time', { timeout: 60_000 }, () => {
    const n = 40_000;
    const parts: string[] = [];
    for (let i = 0; i < n; i++) {
      const t = (ms: number) => new Date(ms).toISOString().slice(11, 23).replace('.', ',');
      parts.push(`${i + 1}\n${t(i * 1000)} --> ${t(i * 1000 + 900)}\n대사 ${i + 1}\n`);
    }
    const started = performance.now();
    const out = convert(parts.join('\n'));
    expect(performance.now() - started).toBeLessThan(20_000);
    expect(cueCount(out)).toBe(n);
    expect(out.endsWith(`40000\n11:06:39.000 --> 11:06:39.900\n대사 40000\n`)).toBe(true);
  });
});

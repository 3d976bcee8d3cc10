import { describe, expect, it } from 'vitest';
import { checkSuggest, recheckSuggest, SUGGEST_MESSAGES } from './suggestFields';

const filled = { suggesttype: 'etc', title: '수강 기간 문의', content: '연장이 되나요?', files: [] };

describe('checkSuggest (the 1:1 문의 form)', () => {
  it('a filled form has nothing to say', () => {
    expect(checkSuggest(filled)).toEqual({});
  });

  it('says in Korean, beside each field, what is missing; blanks count as missing', () => {
    expect(checkSuggest({ suggesttype: '', title: '   ', content: '\n\t', files: [] })).toEqual({
      suggesttype: '문의 유형을 선택해주세요.',
      title: '제목을 입력해주세요.',
      content: '내용을 입력해주세요.',
    });
  });

  it('a title past 200 characters (typed around maxLength, e.g. pasted through dev tools) is refused', () => {
    expect(checkSuggest({ ...filled, title: '가'.repeat(201) }).title).toBe(SUGGEST_MESSAGES.titleTooLong);
    expect(checkSuggest({ ...filled, title: '가'.repeat(200) }).title).toBeUndefined();
  });

  it('files past the upload limits are refused before uploading', () => {
    const file = (name: string, size = 10) => ({ name, size });
    expect(checkSuggest({ ...filled, files: [1, 2, 3, 4, 5, 6].map((n) => file(`${n}.jpg`)) }).files).toBe(
      '파일은 한 번에 5개까지 첨부할 수 있습니다.',
    );
    expect(checkSuggest({ ...filled, files: [file('big.mov', 10 * 1024 * 1024 + 1)] }).files).toBe(
      '「big.mov」은(는) 10MB를 넘어 첨부할 수 없습니다.',
    );
  });

  it('while correcting: a message goes once its field is right, no new one is added by typing, a big file is said at once', () => {
    const shown = checkSuggest({ suggesttype: '', title: '', content: '', files: [] });
    expect(recheckSuggest(shown, { ...filled, content: '' })).toEqual({ content: '내용을 입력해주세요.' });
    expect(recheckSuggest({}, { ...filled, title: '' })).toEqual({});
    const big = [{ name: 'big.mov', size: 10 * 1024 * 1024 + 1 }];
    expect(recheckSuggest({}, { ...filled, title: '', files: big }, true)).toEqual({ files: SUGGEST_MESSAGES.fileTooLarge('big.mov') });
    expect(SUGGEST_MESSAGES.filesHint).toBe('파일은 5개까지, 한 파일에 10MB까지 첨부할 수 있습니다.');
  });
});

import { describe, expect, it } from 'vitest';
import { HANDOUT_MESSAGES, fileSize, handoutFormProblems } from './handoutFile';

const file = (name: string, size: number) => ({ name, size });

describe('the handout upload form', () => {
  it('takes a PDF or an EPUB of up to 10 MB with a title of up to 100 characters', () => {
    expect(handoutFormProblems({ file: file('1주차 교안.PDF', 1000), title: '1주차 교안' })).toEqual({});
    expect(handoutFormProblems({ file: file('book.epub', 10 * 1024 * 1024), title: '' })).toEqual({});
  });

  it('says what is wrong beside the field, in the server\'s words', () => {
    expect(handoutFormProblems({ file: null, title: '' })).toEqual({ file: HANDOUT_MESSAGES.file });
    expect(handoutFormProblems({ file: file('scan.png', 10), title: '' })).toEqual({ file: HANDOUT_MESSAGES.type });
    expect(handoutFormProblems({ file: file('a.pdf', 0), title: '' })).toEqual({ file: HANDOUT_MESSAGES.empty });
    expect(handoutFormProblems({ file: file('a.pdf', 10 * 1024 * 1024 + 1), title: '가'.repeat(101) })).toEqual({
      file: HANDOUT_MESSAGES.size,
      title: HANDOUT_MESSAGES.title,
    });
  });

  it('lists sizes in KB and MB', () => {
    expect([fileSize(300), fileSize(482_113), fileSize(1_468_006)]).toEqual(['1 KB', '471 KB', '1.4 MB']);
  });
});

import { describe, expect, it } from 'vitest';
import { checkAnswer, checkReply, INBOX_MESSAGES } from './inboxFields';

describe('the inbox forms', () => {
  it('an answer needs text, at most 20,000 characters', () => {
    expect(checkAnswer({ answer: '  ' })).toEqual({ error: INBOX_MESSAGES.answer });
    expect(checkAnswer({ answer: 'x'.repeat(20_001) })).toEqual({ error: INBOX_MESSAGES.answerTooLong });
    expect(checkAnswer({ answer: '<p>네</p>' })).toEqual({ input: '<p>네</p>' });
  });

  it('답변완료 needs a reply; 접수 may be saved with or without one', () => {
    expect(checkReply({ answer: ' ', status: 'answered' })).toEqual({ error: INBOX_MESSAGES.replyNeeded });
    expect(checkReply({ answer: '', status: 'waiting' })).toEqual({ input: { answer: '', status: 'waiting' } });
    expect(checkReply({ answer: '<p>확인 중</p>', status: 'waiting' })).toEqual({ input: { answer: '<p>확인 중</p>', status: 'waiting' } });
    expect(checkReply({ answer: 'x'.repeat(20_001), status: 'waiting' })).toEqual({ error: INBOX_MESSAGES.answerTooLong });
  });
});

import { describe, expect, it } from 'vitest';
import { checkRevoke, REVOKE_MESSAGES } from './revokeFields';

describe('수료증 취소 사유', () => {
  it('takes a reason of two characters or more, trimmed', () => {
    expect(checkRevoke({ reason: '  부정 수료 확인 ' })).toEqual({ reason: '부정 수료 확인' });
  });
  it('says in Korean what is missing or too long', () => {
    expect(checkRevoke({ reason: ' 가 ' })).toEqual({ error: REVOKE_MESSAGES.reason });
    expect(checkRevoke({ reason: '가'.repeat(201) })).toEqual({ error: REVOKE_MESSAGES.reasonTooLong });
  });
});

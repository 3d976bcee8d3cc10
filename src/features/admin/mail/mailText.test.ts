import { describe, expect, it } from 'vitest';
import { reasonText } from './mailText';

describe("a mail's reason in Korean", () => {
  it('says a refused address is to be fixed before 다시 보내기', () => {
    const refused = "Can't send mail - all recipients were rejected: 550 5.1.1 <nobody@nowhere.invalid>: Recipient address rejected: no such mailbox";
    expect(reasonText(refused, 'failed')).toBe('받는 메일 서버가 주소를 거부했습니다. 주소를 바로잡기 전에는 다시 보내도 실패합니다.');
    expect(reasonText('the SMTP server refused x@y.kr', 'failed')).toContain('주소를 거부했습니다');
  });
  it('names the reasons a mail was skipped', () => {
    expect(reasonText('the member has no e-mail address', 'skipped')).toBe('회원의 이메일 주소가 없어 보내지 않았습니다.');
    expect(reasonText('the member has left', 'skipped')).toBe('탈퇴한 회원이라 보내지 않았습니다.');
    expect(reasonText('the member switched reminders off', 'skipped')).toBe('회원이 수강 기간 종료 안내를 받지 않도록 설정했습니다.');
    expect(reasonText('no template for qna-answered', 'failed')).toBe('이 종류의 메일 양식이 아직 없습니다.');
  });
  it('reads an unreachable mail server as retried while pending, and as given up once failed', () => {
    const down = 'connect ECONNREFUSED 127.0.0.1:2525';
    expect(reasonText(down, 'pending')).toBe('메일 서버에 연결하지 못했습니다. 잠시 후 자동으로 다시 시도합니다.');
    expect(reasonText(down, 'failed')).toContain('재시도를 모두 마쳤습니다');
    expect(reasonText('421 4.7.0 Try again later', 'pending')).toContain('자동으로 다시 시도');
  });
  it('leaves unknown reasons as they are', () => {
    expect(reasonText('something else', 'failed')).toBeNull();
    expect(reasonText(null, 'sent')).toBeNull();
  });
});

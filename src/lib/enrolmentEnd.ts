import { formatDate } from './format';

/** What an ended class says instead of "바로 수강하기" (issue 26), on the class view and the classroom card. */
export const ENROLMENT_ENDED_TEXT = '수강 기간이 종료되었습니다';

/**
 * The member's enrolment has ended: its end is at or before now. A missing end (never enrolled) is not "ended".
 * The server sends the end with its zone, so the instant compares directly; a zone-less value is Korean wall time.
 */
export function enrolmentEnded(expiredate: string | null | undefined, now: Date = new Date()): boolean {
  if (!expiredate) return false;
  const zoned = /([zZ]|[+-]\d\d:?\d\d)$/.test(expiredate);
  const at = Date.parse(zoned ? expiredate : `${expiredate.replace(' ', 'T')}+09:00`);
  return Number.isFinite(at) && at <= now.getTime();
}

/** "종료일 2024.04.10": the end date as the project writes dates. */
export function endedOnText(expiredate: string): string {
  return `종료일 ${formatDate(expiredate)}`;
}

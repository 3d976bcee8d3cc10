import { describe, expect, it } from 'vitest';
import { endedOnText, enrolmentEnded } from './enrolmentEnd';

const now = new Date('2024-05-01T03:00:00Z'); // 12:00 in Seoul

describe('enrolmentEnded', () => {
  it('is true once the end has passed and false before it', () => {
    expect(enrolmentEnded('2024-04-10T10:01:00+09:00', now)).toBe(true);
    expect(enrolmentEnded('2024-05-01T11:59:00+09:00', now)).toBe(true);
    expect(enrolmentEnded('2024-05-01T12:01:00+09:00', now)).toBe(false);
  });

  it('reads a zone-less end as Korean time and a missing end as not ended', () => {
    expect(enrolmentEnded('2024-05-01 11:00:00', now)).toBe(true);
    expect(enrolmentEnded('2024-05-01 13:00:00', now)).toBe(false);
    expect(enrolmentEnded(null, now)).toBe(false);
    expect(enrolmentEnded(undefined, now)).toBe(false);
  });
});

describe('endedOnText', () => {
  it('writes the end date on Korean time as YYYY.MM.DD', () => {
    expect(endedOnText('2024-04-10T23:30:00Z')).toBe('종료일 2024.04.11');
  });
});

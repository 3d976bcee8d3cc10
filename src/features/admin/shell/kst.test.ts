import { describe, expect, it } from 'vitest';
import { isoToKstInput, kstInputToIso } from './kst';

describe('예약 게시 times are Seoul time', () => {
  it('reads a datetime-local value as KST and sends it with +09:00', () => {
    expect(kstInputToIso('2026-12-01T10:30')).toBe('2026-12-01T10:30:00+09:00');
    expect(Date.parse(kstInputToIso('2026-12-01T00:30')!)).toBe(Date.parse('2026-11-30T15:30:00Z'));
  });
  it('refuses what is not a time', () => {
    expect(kstInputToIso('')).toBeNull();
    expect(kstInputToIso('2026-13-45T99:99')).toBeNull();
  });
  it('writes an instant back as the Seoul wall time', () => {
    expect(isoToKstInput('2026-11-30T15:30:00Z')).toBe('2026-12-01T00:30');
    expect(isoToKstInput(kstInputToIso('2026-05-05T09:05')!)).toBe('2026-05-05T09:05');
  });
});

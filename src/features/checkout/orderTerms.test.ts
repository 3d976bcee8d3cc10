import { describe, expect, it } from 'vitest';
import { formatDateTimeKst } from '../../lib/formatDateTime';
import { withdrawalDeadline } from './orderTerms';

describe('withdrawalDeadline', () => {
  it('is the paid time plus 7 days, shown on Korean time', () => {
    const d = withdrawalDeadline('2024-05-01T23:30:00+09:00');
    expect(d).not.toBeNull();
    expect(formatDateTimeKst(d!)).toBe('2024.05.08 23:30');
  });
  it('crosses a month end and is null for an unreadable time', () => {
    expect(formatDateTimeKst(withdrawalDeadline('2024-02-27T10:00:00+09:00')!)).toBe('2024.03.05 10:00');
    expect(withdrawalDeadline('not a date')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { formatDateTimeKst } from './formatDateTime';

describe('formatDateTimeKst', () => {
  it('shows Seoul wall time whatever zone the value carries', () => {
    expect(formatDateTimeKst('2024-03-15T14:31:10+09:00')).toBe('2024.03.15 14:31');
    expect(formatDateTimeKst('2024-03-15T16:30:00Z')).toBe('2024.03.16 01:30');
  });
  it('reads the backend zone-less KST text as written', () => {
    expect(formatDateTimeKst('2024-03-15 09:05:00')).toBe('2024.03.15 09:05');
  });
});

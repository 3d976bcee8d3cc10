import { describe, expect, it } from 'vitest';
import { HEADER_FIX_THRESHOLD, nextHeaderMode } from './headerMode';

describe('nextHeaderMode', () => {
  it('is off (top) below the 70 threshold whatever the direction', () => {
    expect(HEADER_FIX_THRESHOLD).toBe(70);
    expect(nextHeaderMode('down', 10, 69)).toBe('top');
    expect(nextHeaderMode('up', 200, 0)).toBe('top');
  });
  it('shows the second variant when scrolling down past the threshold', () => {
    expect(nextHeaderMode('top', 0, 70)).toBe('down');
    expect(nextHeaderMode('up', 300, 400)).toBe('down');
  });
  it('shows the fixed header when scrolling up above the threshold', () => {
    expect(nextHeaderMode('down', 400, 300)).toBe('up');
  });
  it('keeps the mode when the position did not change', () => {
    expect(nextHeaderMode('down', 300, 300)).toBe('down');
  });
});

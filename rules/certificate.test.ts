import { describe, expect, it } from 'vitest';
import { videosStillNeeded } from './certificate';

describe('videos still needed for the certificate', () => {
  it('counts the videos left to complete under the standard (every video) and a class share of its own', () => {
    expect(videosStillNeeded(2, 4)).toBe(2);
    expect(videosStillNeeded(4, 4)).toBe(0);
    expect(videosStillNeeded(2, 4, { certificateProgress: 50 })).toBe(0);
    // 80 % of 7 videos is 5.6: six must be complete.
    expect(videosStillNeeded(5, 7, { certificateProgress: 80 })).toBe(1);
    expect(videosStillNeeded(0, 0)).toBe(0);
  });
});

// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { readCaptionsChoice, readPreferences, saveCaptionsChoice, savePreferences } from './preferences';

beforeEach(() => localStorage.clear());

describe('player preferences kept in this browser', () => {
  it('captions start off, and the chosen language comes back on the next read (another lecture, a reload)', () => {
    expect(readCaptionsChoice()).toBeNull();
    saveCaptionsChoice('ko');
    expect(readCaptionsChoice()).toBe('ko');
    saveCaptionsChoice(null);
    expect(readCaptionsChoice()).toBeNull();
  });

  it('the captions choice and the speed/volume choice do not overwrite each other', () => {
    saveCaptionsChoice('ko');
    savePreferences({ rate: 1.5, volume: 0.4, muted: true });
    expect(readCaptionsChoice()).toBe('ko');
    expect(readPreferences()).toEqual({ rate: 1.5, volume: 0.4, muted: true });
  });

  it('a stored speed outside the menu, or a volume out of range, falls back to the defaults', () => {
    savePreferences({ rate: 16, volume: 3, muted: false });
    expect(readPreferences()).toEqual({ rate: 1, volume: 1, muted: false });
  });

  it('a full or refused storage costs the choice, never the player', () => {
    const setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = () => {
      throw new DOMException('full', 'QuotaExceededError');
    };
    try {
      expect(() => saveCaptionsChoice('ko')).not.toThrow();
      expect(readCaptionsChoice()).toBeNull();
    } finally {
      Storage.prototype.setItem = setItem;
    }
  });
});

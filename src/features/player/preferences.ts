import { productKey } from '../../lib/productKeys';
import { PLAYBACK_RATES } from '../../../rules/watchCoverage';

/** Speed and volume the member chose last time, kept in this browser (product-prefixed keys). */
const RATE_KEY = productKey('player_rate');
const VOLUME_KEY = productKey('player_volume');
const MUTED_KEY = productKey('player_muted');

// The speeds live with the coverage rule: the fastest of them is what the server allows a report to advance by.
export { PLAYBACK_RATES };

export interface PlayerPreferences {
  rate: number;
  volume: number;
  muted: boolean;
}

function readNumber(key: string, min: number, max: number, fallback: number): number {
  const value = Number(localStorage.getItem(key));
  return localStorage.getItem(key) !== null && Number.isFinite(value) && value >= min && value <= max ? value : fallback;
}

export function readPreferences(): PlayerPreferences {
  return {
    rate: readNumber(RATE_KEY, PLAYBACK_RATES[0], PLAYBACK_RATES[PLAYBACK_RATES.length - 1]!, 1),
    volume: readNumber(VOLUME_KEY, 0, 1, 1),
    muted: localStorage.getItem(MUTED_KEY) === '1',
  };
}

export function savePreferences(p: PlayerPreferences): void {
  try {
    localStorage.setItem(RATE_KEY, String(p.rate));
    localStorage.setItem(VOLUME_KEY, String(Math.round(p.volume * 100) / 100));
    localStorage.setItem(MUTED_KEY, p.muted ? '1' : '0');
  } catch {
    // Private mode or a full storage: the choice lasts for this visit only.
  }
}

/** The captions language the member last chose (`srclang`), or none when they turned captions off (the default). */
const CAPTIONS_KEY = productKey('player_captions');

export function readCaptionsChoice(): string | null {
  try {
    return localStorage.getItem(CAPTIONS_KEY) || null;
  } catch {
    return null;
  }
}

export function saveCaptionsChoice(srclang: string | null): void {
  try {
    localStorage.setItem(CAPTIONS_KEY, srclang ?? '');
  } catch {
    // As above: remembered for this visit only.
  }
}

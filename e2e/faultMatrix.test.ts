import { describe, expect, it } from 'vitest';
import { casesOf, MODES, type Screen } from './faultMatrix';

const screen = (url: string): Screen => ({ route: url, url, shell: false, memberOnly: false }) as Screen;

describe('the fault matrix’s cases', () => {
  const recorded = [
    { screen: screen('/main'), signedIn: false, operations: ['getBanners', 'getReviews'] },
    { screen: screen('/notice'), signedIn: false, operations: ['getNotices', 'getReviews'] },
    { screen: screen('/faq'), signedIn: false, operations: ['getFaqs', 'getReviews'] },
    { screen: screen('/q&a'), signedIn: false, operations: ['getReviews'] },
    { screen: screen('/main'), signedIn: true, operations: ['getReviews'] },
  ];
  const { cases } = casesOf(recorded);
  const modesOf = (state: boolean, url: string, op: string) =>
    cases.filter((c) => c.signedIn === state && c.screen.url === url && c.operation === op).map((c) => c.mode).sort();

  it('every operation meets all five failures in each member state', () => {
    for (const [state, op] of [[false, 'getBanners'], [false, 'getReviews'], [true, 'getReviews']] as const)
      expect([...new Set(cases.filter((c) => c.signedIn === state && c.operation === op).map((c) => c.mode))].sort()).toEqual([...MODES].sort());
  });

  it('every screen meets a refusal, a hang and one failure of the wire for each of its calls, the wire’s in turn', () => {
    expect(modesOf(false, '/main', 'getReviews')).toEqual(['500', 'hang', 'success:false']);
    expect(modesOf(false, '/notice', 'getReviews')).toEqual(['hang', 'malformed JSON', 'success:false']);
    expect(modesOf(false, '/faq', 'getReviews')).toEqual(['hang', 'network error', 'success:false']);
    expect(modesOf(false, '/q&a', 'getReviews')).toEqual(['500', 'hang', 'success:false']);
    // Called on one screen only: all five there.
    expect(modesOf(false, '/main', 'getBanners')).toEqual([...MODES].sort());
  });

  it('an operation of two screens: the first takes the failure of the wire the second does not', () => {
    const two = casesOf([
      { screen: screen('/a'), signedIn: false, operations: ['x'] },
      { screen: screen('/b'), signedIn: false, operations: ['x'] },
    ]).cases;
    const of = (url: string) => two.filter((c) => c.screen.url === url).map((c) => c.mode).sort();
    expect(of('/a')).toEqual(['500', 'hang', 'network error', 'success:false']);
    expect(of('/b')).toEqual(['hang', 'malformed JSON', 'success:false']);
  });
});

import { describe, expect, it } from 'vitest';
import { casesOf, firstPaintCasesOf, MODES, type Screen } from './faultMatrix';

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

  it('a first-paint visit meets the same pairs for what the browser still calls, all five for a call of its own', () => {
    const shell = (url: string): Screen => ({ ...screen(url), shell: true });
    const matrix = casesOf([
      { screen: shell('/main'), signedIn: true, operations: ['checkUserPhone'] },
      { screen: shell('/a'), signedIn: true, operations: ['checkUserPhone', 'x'] },
      { screen: shell('/b'), signedIn: true, operations: ['checkUserPhone'] },
      { screen: shell('/view'), signedIn: true, operations: ['checkUserPhone', 'detail', 'ratings', 'x'] },
    ]);
    // The document carries `detail`; `media` is the written video's own request; the phone check stays on /main.
    const painted = firstPaintCasesOf(matrix, [{ screen: shell('/view'), signedIn: true, operations: ['checkUserPhone', 'ratings', 'x', 'media', 'updateWatchTime', 'checkTabId'] }]);
    const of = (op: string) => painted.filter((c) => c.operation === op).map((c) => c.mode).sort();
    const before = (op: string) => matrix.cases.filter((c) => c.screen.url === '/view' && c.operation === op).map((c) => c.mode).sort();
    expect(of('x')).toEqual(before('x'));
    expect(of('x')).toEqual(['hang', 'malformed JSON', 'success:false']);
    expect(of('ratings')).toEqual([...MODES].sort());
    expect(of('media')).toEqual([...MODES].sort());
    expect(of('detail')).toEqual([]);
    expect(of('checkUserPhone')).toEqual([]);
    // A playing video's writes come and go with the machine's pace: no first-paint case (player-document-faults has them).
    expect(of('updateWatchTime')).toEqual([]);
    expect(of('checkTabId')).toEqual([]);
    expect(painted.every((c) => c.firstPaint && c.signedIn)).toBe(true);
  });
});

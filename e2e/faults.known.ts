/**
 * Screen × operation pairs the fault matrix still finds wanting (all five failure modes each), measured when the
 * matrix first ran on every screen (issue 15). A ratchet: a failing case of a pair listed here is printed but does
 * not fail the run; any other failing case does. Fix a pair, then take it off this list. Why each one fails:
 */
export const KNOWN_FAULTS: Record<string, string> = {
  // Signed in only, hang and network error: no message and the record's blocks shown, as if the fault never applied
  // (the visitor's five modes pass). Not traced; suspected: the member context, reused case after case, answers the
  // ETag-served record from the browser's cache before the request reaches the interception.
  'member /classView/101 getOnlineDetail': 'the record is sometimes not failed at all for a signed-in member',
  // Timing: in clean-clone CI (not on the loaded dev machine) a fast 500 on the banner left /main's below-the-fold
  // strips unmounted in two runs of two (their Deferred box never mounted them); not reproduced on the dev machine.
  'visitor /main getBanners': 'a fast-failing banner can leave the strips below the fold unmounted',
  'member /main getBanners': 'a fast-failing banner can leave the strips below the fold unmounted',
};

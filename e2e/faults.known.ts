/**
 * Screen × operation pairs the fault matrix still finds wanting (all five failure modes each), measured when the
 * matrix first ran on every screen (issue 15). A ratchet: a failing case of a pair listed here is printed but does
 * not fail the run; any other failing case does. Fix a pair, then take it off this list. Why each one fails:
 */
export const KNOWN_FAULTS: Record<string, string> = {
  // One failed call takes its siblings: the screen renders its sections from one combined state.
  'member /player/101 getLectureVideos': 'the curriculum sections wait on the video list',
  // Timing: in clean-clone CI (not on the loaded dev machine) a fast 500 on the banner left /main's below-the-fold
  // strips unmounted in two runs of two (their Deferred box never mounted them); not yet traced.
  'visitor /main getBanners': 'a fast-failing banner can leave the strips below the fold unmounted',
  'member /main getBanners': 'a fast-failing banner can leave the strips below the fold unmounted',
  // Silent: the screen carries on without the data and says nothing.
  'member /main getCategories': 'the category menu stays empty',
  'visitor /main getCategories': 'the category menu stays empty',
  'visitor /join getLocalMembers': 'the demo-member list (local mode) stays empty',
  'visitor /login getLocalMembers': 'the demo-member list (local mode) stays empty',
  'member /myclass getLastWatchTime': 'no resume point, no message',
  'member /myBookmark getLastWatchTime': 'no resume point, no message',
  'member /player/101 getLastWatchTime': 'starts from 0:00, no message',
  'member /player/101 getCurriculumSections': 'no section titles, no message',
};

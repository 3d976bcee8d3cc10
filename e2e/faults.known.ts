/**
 * Screen × operation pairs the fault matrix still finds wanting (all five failure modes each), measured when the
 * matrix first ran on every screen (issue 15). A ratchet: a failing case of a pair listed here is printed but does
 * not fail the run; any other failing case does. Fix a pair, then take it off this list. Why each one fails:
 */
export const KNOWN_FAULTS: Record<string, string> = {
  // The screen's own record: one message stands in place of the whole page, headings included.
  'member /classView/101 getOnlineDetail': 'the page is replaced by one message',
  'visitor /classView/101 getOnlineDetail': 'the page is replaced by one message',
  'member /myclassProgress/101 getOnlineDetail': 'the page is replaced by one message',
  // One failed call takes its siblings: the screen renders its sections from one combined state.
  'member /myclassProgress/101 getCompleteList': 'curriculum, handouts, quiz, ratings and Q&A wait on it',
  'member /myclassProgress/101 getCurriculumList': 'curriculum, handouts, quiz, ratings and Q&A wait on it',
  'member /mypoint getPointSum': 'balance, history and coupon share one failure card',
  'member /mypoint getPoints': 'balance, history and coupon share one failure card',
  'member /payment/104 getPointSum': 'the order form waits on every call',
  'member /payment/104 isCompleteTitle': 'the order form waits on every call',
  'member /payment/104 getOrderLectures': 'the order form waits on every call and shows no message',
  'member /mycart cartAction': 'the cart and its total share one failure card',
  // Timing: in clean-clone CI (not on the loaded dev machine) a fast 500 on the banner left /main's below-the-fold
  // strips unmounted in two runs of two (their Deferred box never mounted them); not yet traced.
  'visitor /main getBanners': 'a fast-failing banner can leave the strips below the fold unmounted',
  'member /main getBanners': 'a fast-failing banner can leave the strips below the fold unmounted',
  // Silent: the screen carries on without the data and says nothing.
  'member /classView/101 getMyLectures': 'ownership unknown: the buy buttons show',
  'member /myclassProgress/101 getLastWatchTime': 'no resume point, no message',
};

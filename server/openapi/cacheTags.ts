/**
 * What each operation reads and writes, in table names (`ratings`) or one key of a table (`ratings:101`), for the
 * catalogue cache (server/openapi/cache.ts). A cacheable read lists every table its answer depends on; a write lists every
 * table it may change, helpers included (server/domain/orders.ts for UpdatePaid). An operation in neither list is
 * treated as writing everything. Keep these in step with the handlers' SQL.
 */
export interface OpInput {
  params?: Record<string, unknown> | undefined;
  query?: Record<string, unknown> | undefined;
  body?: unknown;
}

type Tags = (input: OpInput) => string[];

/** `table:key` when the request names the key, else the whole table (e.g. a request that failed validation). */
function keyed(table: string, key: unknown): string {
  return typeof key === 'number' || (typeof key === 'string' && key !== '') ? `${table}:${key}` : table;
}
const bodyField = (input: OpInput, name: string): unknown =>
  input.body && typeof input.body === 'object' ? (input.body as Record<string, unknown>)[name] : undefined;

/** Everything a Lecture record is made of (server/domain/lectures.ts), enrolment count included. */
const LECTURE_RECORD = ['lectures', 'categories', 'videos', 'ratings', 'enrollments', 'tags'];
const lectureRecords: Tags = () => LECTURE_RECORD;
/** One lecture's curriculum: its row (existence), its sections and videos. */
const curriculumOf = (contentsid: unknown) => [
  keyed('lectures', contentsid),
  keyed('sections', contentsid),
  keyed('videos', contentsid),
];

const READS: Record<string, Tags> = {
  getCategories: () => ['categories'],
  getOnlineLectures: lectureRecords,
  getRecentOnlineLectures: lectureRecords,
  getPopularOnlineLectures: lectureRecords,
  getMainContents: lectureRecords,
  getSimilarOnlineLectures: lectureRecords,
  getPublisherLectures: lectureRecords,
  getOrderLectures: lectureRecords,
  getBanners: () => ['banners'],
  getNotices: () => ['notices'],
  getReviews: () => ['ratings', 'lectures'],
  getFaqs: () => ['faqs'],
  getSuggestTypes: () => ['suggest_types'],
  getBranch: () => ['branches'],
  getStats: () => ['stats', 'lectures', 'ratings', 'enrollments'],
  getTags: () => ['tags'],
  getCurriculumSections: (i) => curriculumOf(i.params?.contentsid),
  getCurriculumList: (i) => curriculumOf(bodyField(i, 'contentsid')),
};

const MEMBERS = ['members', 'users'];
const LOCAL_PAY = ['local_payments', 'payments'];
const none: Tags = () => [];

/** Writes, and reads that are not cached (they touch nothing, so they name nothing). */
const WRITES: Record<string, Tags> = {
  getNoticeInfo: (i) => [keyed('notices', i.params?.id)], // the view count
  saveSuggest: () => ['suggests', 'suggest_files'],
  deleteSuggest: () => ['suggests', 'suggest_files'],
  uploadFiles: () => ['uploads'],
  updateContentProgress: () => ['progress'],
  updateWatchTime: () => ['progress'],
  resetProgressTabId: () => ['play_tabs'],
  checkTabId: () => ['play_tabs'],
  setBookmark: () => ['bookmarks'],
  saveQna: () => ['qnas'],
  cartAction: () => ['carts'],
  cartActionWithOption: () => ['carts'],
  savePayment: () => ['payments', 'payment_items'],
  updatePaid: () => ['payments', 'local_payments', 'enrollments', 'carts', 'points', 'point_balances', 'coupons'],
  recordFirstPlay: () => ['enrollments'],
  recordDownload: () => ['enrollments'],
  saveQuizDraft: () => ['quiz_results'],
  scoreQuizRecorded: () => ['quiz_results', 'enrollments', 'certificates'],
  saveRating: (i) => [keyed('ratings', bodyField(i, 'contentsid'))],
  deleteRating: (i) => [keyed('ratings', i.query?.contentsid)],
  // A certificate number is issued on its first listing.
  getMyLectures: () => ['certificates'],
  loginSubmit: () => MEMBERS,
  createUser: () => MEMBERS,
  updateUser: () => MEMBERS,
  leaveUser: () => MEMBERS,
  checkUserAccount: () => MEMBERS,
  createSnsUser: () => MEMBERS,
  localSignIn: () => MEMBERS,
  createLocalPayTransaction: () => ['local_payments'],
  approveLocalPayTransaction: () => LOCAL_PAY,
  declineLocalPayTransaction: () => LOCAL_PAY,
  cancelLocalPayTransaction: () => LOCAL_PAY,
  ...Object.fromEntries(
    [
      'getSuggests',
      'getSuggestInfo',
      'getFileUrl',
      'downloadFile',
      'getMedia',
      'getRatings',
      'getRatingStarInfo',
      'getQnaList',
      'getPointSum',
      'getPoints',
      'getPaymentList',
      'getPaymentInfo',
      'getCouponInfo',
      'getMyClassInfo',
      'getUserInfo',
      'getUserInfoWithUseruid',
      'getLocalMembers',
      'getOnlineDetail',
      'getLectureVideos',
      'getSectionVideos',
      'getContentsPdfList',
      'getCompleteList',
      'getLastWatchTime',
      'getVideoSourceUrl',
      'getProgressTabRecord',
      'getTest',
      'isRetakeQuiz',
      'existsPassScoreid',
      'checkUserPhone',
      'isCompleteTitle',
      'savePoint',
      'useCoupon',
      'verifyCertificate',
      'getLocalPayTransaction',
    ].map((id) => [id, none]),
  ),
};

export const isCacheable = (operationId: string): boolean => operationId in READS;

/** The tags a cacheable read's answer depends on. */
export const readsOf = (operationId: string, input: OpInput): string[] => READS[operationId]?.(input) ?? [];

/** What an operation may have changed: its named tables, or `all` for an operation this file does not know. */
export function touchedBy(operationId: string, input: OpInput): string[] | 'all' {
  if (operationId in READS) return [];
  const tags = WRITES[operationId];
  return tags ? tags(input) : 'all';
}

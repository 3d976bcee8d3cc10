import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { sql } from 'kysely';
import type { Db } from './db/database';
import { PG_TEMPLATE_VARIABLE } from './db/template';
import { startServer, type RunningServer, type StartOptions } from './start';

/**
 * Under DATABASE_URL every test server gets its own fresh database, so test files never share state: empty, or a copy
 * of `template` (a migrated and seeded database: server/db/template.ts).
 */
export async function freshDatabaseUrl(base: string, template?: string): Promise<string> {
  const name = `sf_test_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

export const CLIENT = { 'X-Storefront-Client': 'web/1.0' };

export interface TestServer extends RunningServer {
  token: string;
  call(method: string, path: string, init?: { body?: unknown; headers?: Record<string, string>; auth?: boolean }): Promise<{ status: number; json: any; res: Response }>;
}

/** A server on a fresh in-memory PGlite (or DATABASE_URL when the caller passes it), signed in as u-demo-1. */
export async function testServer(options: StartOptions = {}): Promise<TestServer> {
  // The run's migrated and seeded demo, copied (a test that needs an empty database names its own URL).
  const pgUrl = process.env.DATABASE_URL && !options.dbDir ? await freshDatabaseUrl(process.env.DATABASE_URL, process.env[PG_TEMPLATE_VARIABLE]) : undefined;
  // On PostgreSQL too, each test server's files (uploads, lecture videos, captions) go to a folder of its own, never
  // the checkout's .data (the database is the URL's either way).
  const files = pgUrl && !options.dbDir ? { dbDir: mkdtempSync(join(tmpdir(), 'storefront-pg-files-')) } : {};
  // No job queue unless a test asks for it (`jobs: true`): on PostgreSQL a server would otherwise start pg-boss in
  // every fresh database.
  const server = await startServer({ memory: !pgUrl, databaseUrl: pgUrl, quiet: true, jobs: false, ...files, ...options });
  const call: TestServer['call'] = async (method, path, init = {}) => {
    const headers: Record<string, string> = { ...CLIENT, ...init.headers };
    if (init.auth !== false && token) headers.Authorization = `Bearer ${token}`;
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(server.url + path, { method, headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) });
    return { status: res.status, json: await jsonOf(res), res };
  };
  let token = '';
  const signIn = await call('POST', '/local/auth/sign-in', { body: { email: 'member@demo.kr', remember: false } });
  token = signIn.json.datas.accessToken;
  return { ...server, token, call };
}

/** A JSON answer's body; undefined for any other, and for an answer without a body (HEAD, 204). */
export async function jsonOf(res: Response): Promise<any> {
  const text = await res.text();
  return text && (res.headers.get('content-type') ?? '').includes('json') ? JSON.parse(text) : undefined;
}

/** A bearer token of another demo account (staff among them: owner@demo.kr, staff@demo.kr, teacher@demo.kr). */
export async function signInAs(server: RunningServer, email: string): Promise<string> {
  const res = await fetch(`${server.url}/local/auth/sign-in`, {
    method: 'POST',
    headers: { ...CLIENT, 'content-type': 'application/json' },
    body: JSON.stringify({ email, remember: false }),
  });
  if (!res.ok) throw new Error(`sign-in as ${email}: ${res.status}`);
  return ((await res.json()) as { datas: { accessToken: string } }).datas.accessToken;
}

/** Valid sample inputs per operationId, drawn from the seed. */
export const samples: Record<
  string,
  {
    params?: Record<string, string | number>;
    query?: Record<string, string | number | boolean>;
    body?: unknown;
    headers?: Record<string, string>;
    /** A multipart body instead of JSON. */
    files?: { field: string; name: string; content: string }[];
    /** The multipart body's other fields (beside `files`). */
    fields?: Record<string, string>;
  }
> = {
  getNotices: { query: { isnotice: 1, istop3: false, isonlybranch: true }, body: { page: 1, pageSize: 10 } },
  getNoticeInfo: { params: { id: 1 } },
  getFaqs: { body: { page: 1, pageSize: 10 } },
  getSuggestTypes: {},
  getSuggests: { body: { page: 1, pageSize: 10 } },
  saveSuggest: { body: { useruid: 'u-demo-1', suggesttype: '1', title: '문의', content: '내용', issecret: true, files: [] } },
  getSuggestInfo: { params: { suggestid: 1, useruid: 'u-demo-1' } },
  deleteSuggest: { query: { suggestid: 1 } },
  getBranch: { params: { region: 'Seoul' } },
  uploadFiles: { files: [{ field: 'files', name: '메모.txt', content: 'hello' }] },
  getFileUrl: { query: { filename: 'pdf-101.pdf' } },
  downloadFile: { query: { filename: 'pdf-101.pdf', originalFilename: '교안.pdf' } },
  updateContentProgress: { body: { useruid: 'u-demo-1', contentsid: 101, sectionid: 1011, videoid: 10111, watchedtime: 120, duration: 300 } },
  getProgressTabRecord: { query: { useruid: 'u-demo-1' } },
  resetProgressTabId: { query: { useruid: 'u-demo-1' } },
  checkTabId: { query: { useruid: 'u-demo-1', contentsid: 101, videoid: 10111 } },
  getNotes: { params: { contentsid: 101, useruid: 'u-demo-1' }, query: { videoid: 10111 } },
  saveNote: { body: { useruid: 'u-demo-1', noteid: '3f2b8c1e-5d4a-4e7b-9c1d-2a6f8e0b7c31', contentsid: 101, videoid: 10111, second: 12, text: '메모' } },
  updateNote: { body: { useruid: 'u-demo-1', noteid: '3f2b8c1e-5d4a-4e7b-9c1d-2a6f8e0b7c31', text: '메모' } },
  deleteNote: { body: { useruid: 'u-demo-1', noteid: '3f2b8c1e-5d4a-4e7b-9c1d-2a6f8e0b7c31' } },
  getBanners: { query: { isonlybranch: true } },
  getRecentOnlineLectures: { body: { count: 8, isonlybranch: true } },
  getMainContents: { body: { isonlybranch: true } },
  getPopularOnlineLectures: { body: { count: 8, isonlybranch: true } },
  getReviews: { body: { page: 1, pageSize: 10 } },
  getMedia: { query: { path: 'media/lectures/101/10111.mp4' }, headers: { Range: 'bytes=0-99' } },
  getCategories: { query: { isactive: 1, pcategoryid: 0 }, headers: { 'X-Application-Id': 'pilates-web', 'X-Application-Key': 'local-dev-key' } },
  getMyLectures: { body: { page: 1, pageSize: 10, useruid: 'u-demo-1', status: 'ing' } },
  setBookmark: { body: { useruid: 'u-demo-1', contentsid: 101, isbookmarked: true } },
  getOnlineDetail: { params: { contentsid: 101, useruid: 'u-demo-1' } },
  getCurriculumSections: { params: { contentsid: 101 } },
  getSectionVideos: { params: { sectionid: 1011, useruid: 'u-demo-1' } },
  getContentsPdfList: { params: { contentsid: 101 } },
  getLectureVideos: { params: { contentsid: 101, useruid: 'u-demo-1' } },
  getVideoSourceUrl: { params: { id: 10111 } },
  getQnaList: { params: { contentsid: 101, useruid: 'u-demo-1' }, query: { canIOnlySee: false }, body: { page: 1, pageSize: 10 } },
  saveQna: { body: { contentsid: 101, useruid: 'u-demo-1', title: '질문', content: '내용', issecret: false } },
  getCompleteList: { params: { onlineid: 101, useruid: 'u-demo-1' } },
  getOnlineLectures: { body: { page: 1, pageSize: 12, categoryid: 111, isonlybranch: true } },
  getOrderLectures: { body: { contentsids: [101, 104] } },
  getPublisherLectures: { body: { page: 1, pageSize: 10, teachername: '최밸런스 강사' } },
  getMyClassInfo: { params: { useruid: 'u-demo-1' } },
  getLastWatchTime: { params: { useruid: 'u-demo-1' } },
  updateWatchTime: { body: { useruid: 'u-demo-1', contentsid: 101, videoid: 10111, watchedtime: 200 } },
  cartAction: { params: { type: 'list', itemtype: 'lecture', useruid: 'u-demo-1', contentsid: 0 } },
  cartActionWithOption: { params: { type: 'check', itemtype: 'lecture', useruid: 'u-demo-1', contentsid: 104, optionvalue: '90' } },
  isCompleteTitle: { body: { useruid: 'u-demo-1', contentsids: [101, 104] } },
  savePayment: { body: { useruid: 'u-demo-1', contentsids: [103], title: '무료 강의', amount: 0, pointused: 0, coupondiscount: 0, paidamount: 0, paymethod: 'free' } },
  updatePaid: { body: { paymentid: 1, pgtid: 'seed-tx-1', amount: 1 } },
  portOneWebhook: {
    headers: { 'webhook-id': 'whk_sample', 'webhook-timestamp': '1714000000', 'webhook-signature': 'v1,c2lnbmF0dXJl' },
    body: { type: 'Transaction.Paid', timestamp: '2024-04-25T10:00:00.000Z', data: { storeId: 'store-sample', paymentId: 'pay-sample', transactionId: 'tx-sample' } },
  },
  getPaymentList: { body: { page: 1, pageSize: 10, useruid: 'u-demo-1' } },
  getPaymentInfo: { params: { paymentid: 1, contentsid: 101 } },
  getRefundQuote: { params: { paymentid: 1 } },
  requestRefund: { body: { paymentid: 1, reason: '단순 변심' } },
  recordFirstPlay: { params: { useruid: 'u-demo-1', contentsid: 101 } },
  recordDownload: { params: { useruid: 'u-demo-1', contentsid: 101 } },
  getPoints: { body: { page: 1, pageSize: 10, useruid: 'u-demo-1' } },
  getPointSum: { params: { useruid: 'u-demo-1' } },
  savePoint: { body: { useruid: 'u-demo-1', amount: 100, reason: '테스트 적립' } },
  getCouponInfo: { params: { couponnumber: 'WELCOME5000' } },
  useCoupon: { body: { couponnumber: 'PILATES10', useruid: 'u-demo-1', paymentid: 1 } },
  getMyCoupons: { body: { page: 1, pageSize: 10, useruid: 'u-demo-1', kind: 'all' } },
  getTags: { body: { contentsid: 101 } },
  getCurriculumList: { body: { contentsid: 101 } },
  getSimilarOnlineLectures: { body: { contentsid: 101, count: 4 } },
  getTest: { params: { contentsid: 101, useruid: 'u-demo-1', isscoreid: 0 } },
  saveQuizDraft: { body: { quizid: 101, contentsid: 101, useruid: 'u-demo-1', answers: [{ questionid: 1011, choice: 0 }] } },
  scoreQuizRecorded: { body: { quizid: 101, contentsid: 101, useruid: 'u-demo-1', answers: [{ questionid: 1011, choice: 0 }] } },
  isRetakeQuiz: { params: { quizid: 101, useruid: 'u-demo-1' } },
  verifyCertificate: { params: { certificateno: 'KPRA-0000000000' } },
  existsPassScoreid: { body: { contentsid: 102, useruid: 'u-demo-1' } },
  getRatings: { body: { page: 1, pageSize: 10, contentsid: 101 } },
  getRatingStarInfo: { params: { contentsid: 101 }, query: { sortType: 'recent' } },
  saveRating: { body: { contentsid: 101, useruid: 'u-demo-1', ratescore: 5, content: '좋아요' } },
  deleteRating: { query: { id: 1, contentsid: 101, ratescore: 5 } },
  loginSubmit: { body: { useruid: 'u-demo-1', email: 'member@demo.kr' } },
  createUser: { body: { useruid: 'u-demo-1', userid: 'member', email: 'member@demo.kr', name: '김필라', phone: '010-1234-5678', agreeterms: true, agreeprivacy: true } },
  getUserInfo: { body: { email: 'member@demo.kr' } },
  getUserInfoWithUseruid: { params: { useruid: 'u-demo-1' } },
  updateUser: { body: { useruid: 'u-demo-1', name: '김필라' } },
  leaveUser: { body: { useruid: 'u-demo-1' } },
  checkUserAccount: { body: { email: 'member@demo.kr' } },
  createSnsUser: { body: { useruid: 'u-sns-9', userid: 'sns9', email: 'sns9@demo.kr', name: '소셜' } },
  checkUserPhone: { query: { useruid: 'u-demo-1' } },
  getMailSettings: {},
  updateMailSettings: { body: { reminders: true } },
  getStats: {},
  getLocalMembers: {},
  localSignIn: { body: { email: 'new@demo.kr', remember: true } },
  createLocalPayTransaction: { body: { paymentid: 1, amount: 1000, method: 'card' } },
  getLocalPayTransaction: { params: { pgtid: 'missing' } },
  approveLocalPayTransaction: { params: { pgtid: 'missing' } },
  declineLocalPayTransaction: { params: { pgtid: 'missing' } },
  cancelLocalPayTransaction: { params: { pgtid: 'missing' } },
  // The console (issue 38): staff tokens come from signInAs (a member's token is refused 403 before anything runs).
  getAdminMe: {},
  listAdminStaff: {},
  grantAdminStaff: { body: { email: 'new@demo.kr', role: 'operator' } },
  revokeAdminStaff: { params: { useruid: 'u-demo-5' } },
  listAdminAudit: { body: { limit: 20 } },
  listAdminMails: { body: { limit: 20, state: 'failed' } },
  resendAdminMail: { params: { mailid: 1 } },
  listAdminCertificates: { body: { page: 1, pageSize: 20, q: 'member@demo.kr', state: 'all' } },
  revokeAdminCertificate: { params: { certificateno: 'KPRA-0000000000' }, body: { reason: '수료 요건 확인 결과 취소' } },
  listAdminPoints: { body: { page: 1, pageSize: 20, q: 'member@demo.kr', console: false } },
  adjustAdminPoints: { body: { email: 'member@demo.kr', amount: 1000, reason: '후기 이벤트 당첨' }, headers: { 'Idempotency-Key': 'sample-adjust-1' } },
  listAdminCouponCampaigns: { body: { page: 1, pageSize: 20, q: '봄', state: 'all' } },
  createAdminCouponCampaign: {
    body: { name: '봄맞이 10% 할인', kind: 'codes', discounttype: 'percent', discountvalue: 10, maxdiscount: 20000, minprice: 30000, validfrom: '2026-03-01', validuntil: '2099-03-31', contentsids: [], categoryids: [], count: 5 },
    headers: { 'Idempotency-Key': 'sample-campaign-1' },
  },
  issueAdminCouponCampaign: { params: { campaignid: 1 }, body: { emails: ['new@demo.kr'] } },
  stopAdminCouponCampaign: { params: { campaignid: 1 } },
  exportAdminCouponCodes: { params: { campaignid: 1 } },
  createAdminUpload: { headers: { 'Tus-Resumable': '1.0.0', 'Upload-Length': '1024', 'Upload-Metadata': 'videoid MTAxMTI=,filename bGVjdHVyZS5tcDQ=' } },
  headAdminUpload: { params: { uploadid: '3f2b8c1e5d4a4e7b9c1d2a6f8e0b7c31' }, headers: { 'Tus-Resumable': '1.0.0' } },
  patchAdminUpload: { params: { uploadid: '3f2b8c1e5d4a4e7b9c1d2a6f8e0b7c31' }, headers: { 'Tus-Resumable': '1.0.0', 'Upload-Offset': '0' } },
  getAdminLectureMedia: { params: { videoid: 10112 } },
  retryAdminLectureMedia: { params: { videoid: 10112 } },
  listAdminCaptions: { params: { videoid: 10112 } },
  uploadAdminCaption: {
    params: { videoid: 10112 },
    files: [{ field: 'file', name: 'ko.srt', content: '1\n00:00:01,000 --> 00:00:02,000\n안녕하세요\n' }],
    fields: { srclang: 'ko', label: '한국어' },
  },
  deleteAdminCaption: { params: { videoid: 10112, srclang: 'ko' } },
  listAdminCategories: {},
  createAdminCategory: { body: { parentid: 1, name: '새 카테고리', engname: 'New' } },
  updateAdminCategory: { params: { categoryid: 11 }, body: { name: '매트 필라테스', engname: 'Mat' } },
  moveAdminCategory: { params: { categoryid: 122 }, body: { parentid: 11 } },
  reorderAdminCategories: { body: { parentid: 0, categoryids: [2, 1, 3] } },
  deleteAdminCategory: { params: { categoryid: 311 } },
  listAdminBanners: {},
  uploadAdminBannerImage: { files: [{ field: 'file', name: 'banner.png', content: 'not really a picture' }] },
  createAdminBanner: { body: { title: '새 배너', subtitle: '', imageurl: '/media/banners/1.svg', mobileimageurl: null, linkurl: '/main' } },
  updateAdminBanner: {
    params: { bannerid: 1 },
    body: { title: '바뀐 배너', subtitle: '부제', imageurl: '/media/banners/1.svg', mobileimageurl: null, linkurl: '/classList/11/1' },
  },
  reorderAdminBanners: { body: { bannerids: [3, 1, 2] } },
  deleteAdminBanner: { params: { bannerid: 2 } },
  listAdminClasses: { body: { limit: 20, sort: 'recent' } },
  getAdminClass: { params: { contentsid: 101 } },
  createAdminClass: {
    body: { title: '새 클래스', subtitle: '', description: '<p>소개</p>', categoryid: 111, teacher: '한리포머 강사', price: 100000, saleprice: 90000, perioddays: 90, level: '초급', tags: ['리포머'] },
  },
  updateAdminClass: {
    params: { contentsid: 101 },
    body: { title: '바뀐 제목', subtitle: '', description: '<p>소개</p>', categoryid: 111, teacher: '한리포머 강사', price: 100000, saleprice: 90000, perioddays: 90, level: '초급', tags: ['리포머'] },
  },
  setAdminClassState: { params: { contentsid: 101 }, body: { state: 'hidden' } },
  createAdminSection: { params: { contentsid: 101 }, body: { title: '새 섹션' } },
  updateAdminSection: { params: { sectionid: 1011 }, body: { title: '바뀐 섹션' } },
  deleteAdminSection: { params: { sectionid: 1011 } },
  reorderAdminCurriculum: { params: { contentsid: 101 }, body: { sections: [{ sectionid: 1011, videoids: [10111] }] } },
  createAdminLecture: { params: { sectionid: 1011 }, body: { title: '새 강의', ispreview: false } },
  updateAdminLecture: { params: { videoid: 10111 }, body: { title: '바뀐 강의', ispreview: false } },
  removeAdminLecture: { params: { videoid: 10111 } },
  getAdminCertificateRules: { params: { contentsid: 101 } },
  uploadAdminClassThumbnail: { params: { contentsid: 101 }, files: [{ field: 'file', name: 'thumb.png', content: 'a picture' }] },
  deleteAdminClassThumbnail: { params: { contentsid: 101 } },
  listAdminHandouts: { params: { contentsid: 101 } },
  uploadAdminHandout: { params: { contentsid: 101 }, files: [{ field: 'file', name: '교안.pdf', content: '%PDF-1.4\n' }], fields: { title: '1주차 교안' } },
  deleteAdminHandout: { params: { pdfid: 101 } },
  updateAdminCertificateRules: {
    params: { contentsid: 101 },
    body: {
      certificateprogress: 100,
      quiz: {
        title: '수료 퀴즈',
        passscore: 60,
        timelimit: 20,
        requiredprogress: 50,
        questions: [
          { text: '첫 문항', options: ['가', '나'], answer: 0, score: 50 },
          { text: '둘째 문항', options: ['가', '나', '다'], answer: 2, score: 50 },
        ],
      },
    },
  },
  listAdminNotices: { body: { limit: 20, q: '안내' } },
  createAdminNotice: { body: { isnotice: 1, title: '새 공지', content: '<p>내용</p>', istop: false } },
  updateAdminNotice: { params: { noticeid: 3 }, body: { isnotice: 1, title: '수정한 공지', content: '<p>내용</p>', istop: false } },
  deleteAdminNotice: { params: { noticeid: 4 } },
  listAdminFaqs: {},
  createAdminFaq: { body: { category: '수강', question: '새 질문', answer: '<p>답변</p>', sortorder: 10 } },
  updateAdminFaq: { params: { faqid: 1 }, body: { category: '수강', question: '수정한 질문', answer: '<p>답변</p>', sortorder: 1 } },
  deleteAdminFaq: { params: { faqid: 2 } },
  openAdminViewAs: { body: { email: 'member@demo.kr', contentsid: 101, reason: '진도율 문의 확인' } },
  listAdminMembers: { body: { limit: 20, q: '김필' } },
  openAdminMember: { params: { useruid: 'u-demo-2' }, body: { reason: '수강 기간 문의 전화 확인' } },
  changeAdminEnrolment: { params: { useruid: 'u-demo-2' }, body: { contentsid: 103, action: 'enrol', enddate: '2099-03-31', reason: '오프라인 과정 복습 제공' } },
  importAdminEnrolments: { body: { csv: '이메일,클래스번호,종료일\nmember@demo.kr,103,2099-03-31\n', apply: false, reason: '3월 오프라인 과정' } },
  listAdminPersonalDataAccess: { body: { limit: 20 } },
  listAdminQuestions: { body: { limit: 20, status: 'waiting' } },
  answerAdminQuestion: { params: { qnaid: 2 }, body: { answer: '<p>내쉬는 호흡에 복부를 당겨 주세요.</p>' } },
  listAdminSuggests: { body: { limit: 20 } },
  replyAdminSuggest: { params: { suggestid: 1 }, body: { answer: '<p>연장해 드렸습니다.</p>', status: 'answered' } },
  listAdminOrders: { body: { limit: 20, status: 'paid', method: 'card', from: '2024-01-01', until: '2024-12-31' } },
  getAdminOrder: { params: { paymentid: 1 } },
  refundAdminOrder: { params: { paymentid: 1 }, body: { amount: 1000, cancellable: 1000, reason: '강의 오류 보상' } },
  listAdminUnsettledRefunds: {},
  checkAdminRefund: { params: { refundid: 1 } },
  retryAdminRefund: { params: { refundid: 1 } },
  getAdminSalesReport: { body: { from: '2024-01-01', until: '2024-12-31', groupby: 'month' } },
  exportAdminSales: { body: { from: '2024-01-01', until: '2024-12-31', groupby: 'month', format: 'csv' } },
};

/** A sample's multipart body: its files, then its other fields. */
export function sampleForm(s: { files?: { field: string; name: string; content: string }[]; fields?: Record<string, string> }): FormData {
  const form = new FormData();
  for (const f of s.files ?? []) form.append(f.field, new Blob([f.content]), f.name);
  for (const [name, value] of Object.entries(s.fields ?? {})) form.append(name, value);
  return form;
}

export function fillPath(template: string, params: Record<string, string | number> = {}): string {
  return template.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(String(params[name])));
}
export function withQuery(path: string, query: Record<string, string | number | boolean> = {}): string {
  const q = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  return q ? `${path}?${q}` : path;
}

/**
 * Mails still on their way: outbox rows pending plus mail jobs waiting, retrying or running (server/jobs/mailJob.ts).
 * A test that counts mails waits for 0 first, so no copy can arrive after it counted.
 */
export async function mailsOnTheirWay(db: Db): Promise<number> {
  const r = await sql<{ n: number }>`select ((select count(*) from mail_outbox where state = 'pending')
    + (select count(*) from pgboss.job where name = 'mail-send' and state in ('created', 'retry', 'active')))::int as n`.execute(db);
  return r.rows[0]!.n;
}

/** Every row of every table, as text: what "changes nothing" is measured against. */
export async function tableSnapshot(db: Db): Promise<Map<string, string[]>> {
  const tables = await sql<{ table_name: string }>`
    select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`.execute(
    db,
  );
  const out = new Map<string, string[]>();
  for (const { table_name } of tables.rows) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table_name)}`.execute(db);
    out.set(table_name, rows.rows.map((r) => JSON.stringify(r)).sort());
  }
  return out;
}

/** What changed between two snapshots, table by table (rows added or removed; an update is both). */
export function tableChanges(
  before: Map<string, string[]>,
  after: Map<string, string[]>,
): Record<string, { added: string[]; removed: string[] }> {
  const out: Record<string, { added: string[]; removed: string[] }> = {};
  for (const table of new Set([...before.keys(), ...after.keys()])) {
    const a = new Set(before.get(table) ?? []);
    const b = new Set(after.get(table) ?? []);
    const added = [...b].filter((r) => !a.has(r));
    const removed = [...a].filter((r) => !b.has(r));
    if (added.length || removed.length) out[table] = { added, removed };
  }
  return out;
}

/**
 * Buys `ids` as the server's signed-in member with the demo's test card (Save, the card's approval, UpdatePaid), as
 * the payment page does; returns the paid order and its card transaction.
 */
export async function buyWithTestCard(
  s: TestServer,
  useruid: string,
  ids: number[],
  extra: { pointused?: number; couponnumber?: string; coupondiscount?: number } = {},
): Promise<{ paymentid: number; pgtid: string; paidamount: number; amount: number }> {
  const lectures = (await s.call('POST', '/api/Contents/GetOrderLectures/', { body: { contentsids: ids } })).json.datas as { saleprice: number }[];
  const amount = lectures.reduce((a, l) => a + l.saleprice, 0);
  const pointused = extra.pointused ?? 0;
  const coupondiscount = extra.coupondiscount ?? 0;
  const paidamount = amount - pointused - coupondiscount;
  const saved = await s.call('POST', '/api/Payment/Save/', {
    body: { useruid, contentsids: ids, title: '주문', amount, pointused, couponnumber: extra.couponnumber ?? null, coupondiscount, paidamount, paymethod: 'card' },
  });
  if (saved.status !== 200) throw new Error(`Save answered ${saved.status}: ${JSON.stringify(saved.json)}`);
  const paymentid = saved.json.datas.paymentid as number;
  const t = await s.call('POST', '/local/pay/transactions', { body: { paymentid, amount: paidamount, method: 'card' } });
  const pgtid = t.json.datas.pgtid as string;
  await s.call('POST', `/local/pay/transactions/${pgtid}/approve`);
  const paid = await s.call('POST', '/api/Payment/UpdatePaid/', { body: { paymentid, pgtid, amount: paidamount } });
  if (paid.json?.datas?.status !== 'paid') throw new Error(`UpdatePaid answered ${paid.status}: ${JSON.stringify(paid.json)}`);
  return { paymentid, pgtid, paidamount, amount };
}

/**
 * Example records the storefront expects, typed by the generated contract so a fixture that drifts from
 * openapi/storefront.yaml is a type error. Pact interactions wrap them in type matchers (`like`), so the
 * provider must return records of the same shape, not the same values.
 */
import type { components } from '../../src/api/schema.gen';

type S = components['schemas'];

export const lecture: S['Lecture'] = {
  contentsid: 101,
  title: '매트 필라테스 입문: 코어 안정화 8주 과정',
  subtitle: '호흡과 골반 정렬부터 시작하는 기초 과정',
  thumbnail: '/media/thumbs/101.svg',
  price: 120000,
  saleprice: 89000,
  isfree: false,
  itemtype: 'lecture',
  categoryid: 20,
  pcategoryid: 10,
  ctgrname: '매트 필라테스',
  teachername: '김하늘',
  videocount: 24,
  totalduration: 43200,
  ratingavg: 4.8,
  ratingcnt: 132,
  studentcnt: 1540,
  period: 180,
  regdate: '2024-03-02T09:00:00+09:00',
  tags: ['코어', '입문'],
};

export const banner: S['Banner'] = {
  bannerid: 1,
  title: '봄맞이 재활 필라테스 특강',
  imageurl: '/media/banners/1.svg',
  mobileimageurl: '/media/banners/1-m.svg',
  linkurl: '/classView/101',
  width: 1920,
  height: 560,
  alt: '봄맞이 재활 필라테스 특강 30% 할인',
  sortorder: 1,
};

export const review: S['Review'] = {
  reviewid: 501,
  contentsid: 101,
  lecturetitle: '매트 필라테스 입문: 코어 안정화 8주 과정',
  thumbnail: '/media/thumbs/101.svg',
  username: '박*연',
  ratescore: 5,
  content: '허리 통증이 많이 줄었어요. 설명이 친절합니다.',
  regdate: '2024-04-02T22:15:00+09:00',
};

export const stats: S['Stats'] = {
  membercnt: 12840,
  lecturecnt: 86,
  studentcnt: 23110,
  reviewcnt: 4120,
  teachercnt: 24,
  ratingavg: 4.7,
};

export const category: S['Category'] = {
  id: 1,
  categoryid: 10,
  pcategoryid: 10,
  parentID: 0,
  ctgrname: '필라테스',
  ctgrengname: 'Pilates',
  hasChildren: true,
};

export const notice: S['Notice'] = {
  noticeid: 12,
  isnotice: 1,
  title: '3월 온라인 클래스 업데이트 안내',
  content: '<p>재활 필라테스 신규 클래스가 오픈되었습니다.</p>',
  istop: true,
  writer: '관리자',
  regdate: '2024-03-01T10:00:00+09:00',
  viewcnt: 318,
  files: [],
};

/* ---- catalog, ratings, board and files of issue #6 ---- */

export const lectureDetail: S['LectureDetail'] = {
  ...lecture,
  description: '<p>필라테스를 처음 시작하는 분을 위한 과정입니다.</p>',
  teacherintro: '<p>재활 필라테스 전문 강사</p>',
  previewurl: '/api/Media/DataGetMedia?path=media/lectures/101/preview.mp4',
  options: [{ optionvalue: '180', name: '180일 수강권', price: 120000, saleprice: 89000, period: 180 }],
  ispurchased: false,
  isincart: false,
  expiredate: null,
  progress: null,
  firstplaydate: null,
};

export const curriculumSection: S['CurriculumSection'] = {
  sectionid: 11,
  contentsid: 101,
  title: '1주차: 호흡과 코어 인지',
  sortorder: 1,
  videocount: 2,
  totalduration: 660,
};

export const video: S['Video'] = {
  videoid: 1001,
  sectionid: 11,
  contentsid: 101,
  title: '필라테스 호흡법 익히기',
  duration: 300,
  sortorder: 1,
  path: 'media/lectures/101/0101-01.mp4',
  ispreview: true,
  watchedtime: 0,
  iscomplete: false,
};

export const tag: S['Tag'] = { tagid: 3, name: '코어', count: 12 };

export const branch: S['Branch'] = {
  branchid: 1,
  region: 'Seoul',
  name: '서울 강남센터',
  address: '서울특별시 강남구 테헤란로 123',
  phone: '02-1234-5678',
  openhours: '평일 09:00-18:00',
  latitude: 37.5006,
  longitude: 127.0364,
};

export const rating: S['Rating'] = {
  ratingid: 501,
  contentsid: 101,
  useruid: 'u-demo-1',
  username: '박*연',
  ratescore: 5,
  content: '허리 통증이 많이 줄었어요.',
  ismine: false,
  regdate: '2024-04-02T22:15:00+09:00',
};

export const ratingStarInfo: S['RatingStarInfo'] = {
  contentsid: 101,
  average: 4.8,
  count: 132,
  distribution: { '1': 1, '2': 0, '3': 3, '4': 18, '5': 110 },
};

export const faq: S['Faq'] = {
  faqid: 1,
  category: '수강',
  question: '수강 기간은 얼마인가요?',
  answer: '<p>결제일로부터 90일입니다.</p>',
  sortorder: 1,
};

export const suggestType: S['SuggestType'] = { code: '1', name: '수강 문의' };

export const suggestSummary: S['SuggestSummary'] = {
  suggestid: 1,
  suggesttype: '1',
  typename: '수강 문의',
  title: '수강 기간 연장이 가능한가요?',
  username: '김*라',
  issecret: true,
  status: 'answered',
  regdate: '2024-04-02T10:00:00+09:00',
  viewcnt: 0,
};

export const uploadedFile: S['UploadedFile'] = {
  filename: '20240315_8c1d2f.txt',
  originalFilename: 'attachment.txt',
  path: '/api/file/downloadstream?filename=20240315_8c1d2f.txt&originalFilename=attachment.txt',
  size: 37,
  contentType: 'text/plain',
};

export const suggest: S['Suggest'] = {
  suggestid: 1,
  suggesttype: '1',
  typename: '수강 문의',
  useruid: 'u-demo-1',
  username: '김필라',
  title: '수강 기간 연장이 가능한가요?',
  content: '출장 때문에 수강을 못했어요.',
  files: [],
  issecret: true,
  answer: '<p>고객센터로 연락 주시면 연장해 드립니다.</p>',
  answerdate: '2024-04-03T10:00:00+09:00',
  status: 'answered',
  regdate: '2024-04-02T10:00:00+09:00',
  viewcnt: 1,
};

/** A class in the member's classroom (issue 13): the seed's lecture 121 before any watching. */
export const myLectureNotStarted: S['MyLecture'] = {
  ...lecture,
  contentsid: 121,
  startdate: '2024-05-01T10:00:00+09:00',
  expiredate: '2099-12-31T23:59:59+09:00',
  progress: 0,
  iscomplete: false,
  isexpired: false,
  isbookmarked: false,
  lastwatched: null,
  lastvideoid: null,
  certificate: null,
};

/** A class the member is midway through (watched, not completed). */
export const myLectureMidway: S['MyLecture'] = {
  ...myLectureNotStarted,
  contentsid: 101,
  progress: 25,
  isbookmarked: true,
  lastwatched: '2024-05-01T10:00:00+09:00',
  lastvideoid: 10111,
};

export const pdfFile: S['PdfFile'] = {
  pdfid: 121,
  contentsid: 121,
  title: '견갑골 안정화 클래스 교안',
  filename: 'pdf-121.pdf',
  originalFilename: '견갑골 안정화 클래스 교안.pdf',
  path: '/api/file/downloadstream?filename=pdf-121.pdf&originalFilename=%EA%B2%AC.pdf&member=u-demo-1&expires=1714550400&signature=3q2-7w',
  size: 1000,
  regdate: '2024-03-02T09:00:00+09:00',
};

export const answeredQuestion: S['QnA'] = {
  qnaid: 1,
  contentsid: 101,
  videoid: null,
  useruid: 'u-demo-1',
  username: '김*라',
  title: '호흡이 어려워요',
  content: '<p>동작 중 호흡 타이밍을 모르겠어요.</p>',
  issecret: false,
  ismine: true,
  answer: '<p>내쉬는 호흡에 힘을 쓰시면 됩니다.</p>',
  answerdate: '2024-04-06T10:00:00+09:00',
  status: 'answered',
  regdate: '2024-04-05T10:00:00+09:00',
};

/* ---- the console (issue 38): admin-staff, admin-audit, admin-catalog, admin-board ---- */

export const adminStaff: S['AdminStaff'] = {
  useruid: 'u-demo-1',
  email: 'member@demo.kr',
  name: '김필라',
  role: 'operator',
  teachername: null,
};

/** A row of the owner's staff list (with when and by whom it was granted). */
export const adminStaffRow: S['AdminStaff'] = {
  useruid: 'u-demo-4',
  email: 'owner@demo.kr',
  name: '최대표',
  role: 'owner',
  teachername: null,
  grantedat: '2024-05-01T10:00:00+09:00',
  grantedby: 'seed',
};

export const adminAuditEntry: S['AdminAuditEntry'] = {
  auditid: 1,
  at: '2024-05-01T10:00:00+09:00',
  actor: 'u-demo-4',
  actorname: '최대표',
  actorrole: 'owner',
  operation: 'grantAdminStaff',
  objecttype: 'staff',
  objectid: 'u-demo-5',
  summary: {},
  requestid: 'req-1',
};

export const adminCategory: S['AdminCategory'] = {
  categoryid: 111,
  parentid: 11,
  name: '입문',
  engname: 'Beginner',
  depth: 3,
  sort: 1,
  isactive: true,
  classcount: 3,
};

export const adminClassSummary: S['AdminClassSummary'] = {
  contentsid: 101,
  title: '처음 만나는 매트 필라테스',
  teacher: '최밸런스 강사',
  categoryid: 111,
  categoryname: '입문',
  state: 'published',
  publishat: null,
  price: 120000,
  saleprice: 89000,
  lecturecount: 4,
  enrolled: 3,
  createdat: '2024-03-02T09:00:00+09:00',
};

export const adminLecture: S['AdminLecture'] = {
  videoid: 900111,
  sectionid: 90011,
  title: '호흡 익히기',
  durationsec: 300,
  ispreview: false,
  hidden: false,
  hasvideo: true,
  sort: 1,
};

export const adminSection: S['AdminSection'] = { sectionid: 90011, title: '1주차: 호흡', sort: 1, lectures: [adminLecture] };

export const adminClass: S['AdminClass'] = {
  ...adminClassSummary,
  contentsid: 9001,
  title: '계약 확인용 초안 클래스',
  teacher: '한리포머 강사',
  state: 'draft',
  lecturecount: 2,
  enrolled: 0,
  subtitle: '한 줄 소개',
  description: '<p>초안 클래스의 설명입니다.</p>',
  perioddays: 90,
  level: '입문',
  tags: ['코어'],
  thumbnail: '/media/thumbs/9001.svg',
  sections: [adminSection],
};

/* ---- admin-media: a lecture's console video and its caption tracks ---- */

/** A lecture whose console video is 게시 가능: the HLS ladder, best first. */
export const adminLectureMedia: S['AdminLectureMedia'] = {
  videoid: 900111,
  state: 'ready',
  progress: 100,
  error: null,
  renditions: ['720p', '480p', '360p'],
  durationsec: 300,
  uploadid: 'pact-900111',
  uploadoffset: 1048576,
  uploadlength: 1048576,
  updatedat: '2024-05-01T10:00:00+09:00',
};

/** A caption track of the demo data (no upload date). */
export const adminCaption: S['AdminCaption'] = { srclang: 'ko', label: '한국어', cues: 50, updatedat: null };

/** Demo catalogue in Korean. Ids are stable so tests, pacts and provider states can name them. */
import { certificateRuleText } from '../../rules/certificate';
import { REFUND_POLICY } from '../../rules/refund';
import { EARN_RATE, ENROLMENT_DAYS } from '../../rules/orderTerms';

export const DEMO_MEMBER = { useruid: 'u-demo-1', email: 'member@demo.kr', name: '김필라', phone: '010-1234-5678' };
export const NEW_MEMBER = { useruid: 'u-demo-2', email: 'new@demo.kr', name: '이새봄', phone: '010-2222-3333' };
/** Has no phone: the phone check sends this member to /myprofile. */
export const NO_PHONE_MEMBER = { useruid: 'u-demo-3', email: 'nophone@demo.kr', name: '박무폰', phone: null };
/** Demo staff (issue 38): the console's three roles, so a newcomer sees it with `npm start`. */
export const DEMO_STAFF = [
  { useruid: 'u-demo-4', email: 'owner@demo.kr', name: '최대표', phone: '010-4444-0001', role: 'owner', teachername: null },
  { useruid: 'u-demo-5', email: 'staff@demo.kr', name: '정운영', phone: '010-4444-0002', role: 'operator', teachername: null },
  { useruid: 'u-demo-6', email: 'teacher@demo.kr', name: '한리포머', phone: '010-4444-0003', role: 'instructor', teachername: '한리포머 강사' },
] as const;

export const categories: [id: number, parent: number, name: string, eng: string][] = [
  [1, 0, '필라테스', 'Pilates'],
  [2, 0, '재활', 'Rehab'],
  [3, 0, '지도자과정', 'Instructor'],
  [11, 1, '매트', 'Mat'],
  [12, 1, '기구', 'Apparatus'],
  [21, 2, '척추', 'Spine'],
  [22, 2, '어깨', 'Shoulder'],
  [31, 3, '자격과정', 'Certification'],
  [111, 11, '입문', 'Beginner'],
  [112, 11, '중급', 'Intermediate'],
  [121, 12, '리포머', 'Reformer'],
  [122, 12, '캐딜락', 'Cadillac'],
  [211, 21, '허리디스크', 'Lumbar disc'],
  [212, 21, '목디스크', 'Cervical disc'],
  [221, 22, '회전근개', 'Rotator cuff'],
  [222, 22, '오십견', 'Frozen shoulder'],
  [311, 31, '전자책 교재', 'E-books'],
];

const topics: Record<number, string[]> = {
  111: ['처음 만나는 매트 필라테스', '호흡과 코어 깨우기', '10분 아침 매트 루틴'],
  112: ['매트 필라테스 중급 시퀀스', '밸런스와 유연성 향상', '전신 근력 매트 클래스'],
  121: ['리포머 기초 완성', '리포머 풋워크 마스터', '리포머 전신 플로우'],
  122: ['캐딜락 입문', '캐딜락 스트레칭 클래스', '캐딜락 고급 동작'],
  211: ['허리디스크 운동 가이드', '요추 안정화 운동', '허리 통증 완화 스트레칭'],
  212: ['거북목 교정 운동', '목디스크 재활 필라테스', '경추 안정화 루틴'],
  221: ['회전근개 강화 운동', '어깨 충돌증후군 재활', '견갑골 안정화 클래스'],
  222: ['오십견 가동성 회복', '굳은 어깨 풀기', '어깨 통증 홈트레이닝'],
  311: ['필라테스 해부학 전자책', '재활 운동 지도법 전자책', '지도자 자격 대비 교재'],
};

const teachers = ['박코어 강사', '최밸런스 강사', '정재활 물리치료사', '한리포머 강사'];

export interface LectureSeed {
  contentsid: number;
  categoryid: number;
  title: string;
  teacher: string;
  price: number;
  saleprice: number;
  level: string;
  is_ebook: boolean;
  popularity: number;
  main_type: string;
  created_at: string;
}

/** 27 lectures, three per third-level category; 103, 110 and 118 are free. */
export const lectures: LectureSeed[] = Object.entries(topics).flatMap(([cat, titles], ci) =>
  titles.map((title, i) => {
    const contentsid = 101 + ci * 3 + i;
    const free = [103, 110, 118].includes(contentsid);
    const price = free ? 0 : 39000 + ((contentsid * 7000) % 80000);
    return {
      contentsid,
      categoryid: Number(cat),
      title,
      teacher: teachers[contentsid % teachers.length]!,
      price,
      saleprice: free ? 0 : Math.round((price * (contentsid % 3 === 0 ? 0.8 : 1)) / 100) * 100,
      level: ['입문', '초급', '중급'][i]!,
      is_ebook: Number(cat) === 311,
      popularity: (contentsid * 37) % 100,
      main_type: ['recommend', 'new', 'best'][contentsid % 3]!,
      created_at: `2024-${String(1 + (ci % 12)).padStart(2, '0')}-${String(1 + i * 9).padStart(2, '0')} 10:00:00`,
    };
  }),
);

export const sectionTitles = ['오리엔테이션과 기본 원리', '실전 동작 따라하기'];
export const videoTitles = [
  ['강의 소개', '호흡과 정렬'],
  ['동작 시연', '마무리 스트레칭'],
];

/**
 * A seeded video's length in whole minutes (issue 42, finding 9): a section's and a class's "N분" are then exactly the
 * sum of the lengths listed under them. `si` counts sections across the catalogue, `v` the video within its section.
 * A class whose title names its length ("10분 아침 매트 루틴") lasts exactly that.
 */
export function videoMinutes(contentsid: number, si: number, v: number): number {
  const named = /(\d+)분/.exec(lectures.find((l) => l.contentsid === contentsid)!.title);
  if (named) return namedLengthSplit(Number(named[1]))[(si % 2) * 2 + v]!;
  return 5 + Math.floor(((si * 97 + v * 53) % 900) / 60);
}
/** A class of `minutes` in four videos: a short introduction and close, the longer work in between. */
const namedLengthSplit = (minutes: number) => {
  const edge = Math.floor(minutes / 5);
  const middle = minutes - 2 * edge;
  return [edge, Math.ceil(middle / 2), Math.floor(middle / 2), edge];
};

export const tagsFor = (l: LectureSeed): string[] => {
  const base = l.categoryid < 200 ? ['필라테스'] : l.categoryid < 300 ? ['재활', '통증완화'] : ['지도자', '전자책'];
  return [...base, l.level, l.price === 0 ? '무료' : '유료'];
};

/** The 매트 classes (first-level category 11) at a sale price now: the first banner announces exactly these. */
const matOnSale = lectures.filter((l) => Math.floor(l.categoryid / 10) === 11 && l.saleprice < l.price);
const bestMatDiscount = Math.max(...matOnSale.map((l) => Math.round((1 - l.saleprice / l.price) * 100)));

/**
 * Links name a category and its top-level category (`/classList/{categoryid}/{rootid}`), as the menu does. A banner
 * says nothing the catalogue does not (issue 42, finding 9): no month or season, and the sale it names is the list's.
 */
export const banners = [
  { bannerid: 1, title: `매트 클래스 최대 ${bestMatDiscount}% 할인`, subtitle: `${matOnSale.map((l) => l.title).join(', ')} 할인 중`, link: '/classList/11/1' },
  { bannerid: 2, title: '허리 통증, 이제 집에서 관리하세요', subtitle: '물리치료사와 함께하는 재활 클래스', link: '/classList/211/2' },
  { bannerid: 3, title: '지도자 자격과정 전자책 출간', subtitle: '해부학부터 지도법까지 한 권으로', link: '/classList/311/3' },
];

/** Korean month/day of a day `days` before today, as a notice writes it ("4/15"). */
const monthDay = (daysAgo: number) => {
  const d = new Date(Date.now() + 9 * 3600_000 - daysAgo * 86_400_000);
  return `${d.getUTCMonth() + 1}/${d.getUTCDate()}`;
};

/** Dated days before the seed ran (issue 42, finding 9: the newest notice is recent, none announces a past month). */
export const notices: { isnotice: number; title: string; content: string; istop: boolean; daysAgo: number; attachment?: string }[] = [
  { isnotice: 1, istop: true, daysAgo: 3, title: '[필독] 온라인 클래스 수강 안내', content: `<p>온라인 클래스는 <strong>결제일로부터 ${ENROLMENT_DAYS}일</strong> 동안 수강할 수 있습니다.</p><ul><li>PC와 모바일에서 모두 수강 가능</li><li>동시 접속은 1대만 허용</li></ul>` },
  { isnotice: 1, istop: true, daysAgo: 8, title: '개인정보 처리방침 안내', content: '<p>개인정보 처리방침은 언제든 <a href="/privacyPolicy">개인정보처리방침</a>에서 확인하실 수 있습니다.</p>' },
  { isnotice: 1, istop: false, daysAgo: 12, title: '서울 지점 워크숍 일정 안내', content: '<p>다음 달 워크숍이 <em>서울 강남 지점</em>에서 진행됩니다.</p>', attachment: 'notice-workshop.pdf' },
  { isnotice: 1, istop: false, daysAgo: 20, title: `시스템 점검 안내 (${monthDay(15)} 02:00~04:00)`, content: '<p>점검 시간 동안 영상 재생이 일시 중단됩니다.</p>' },
  { isnotice: 1, istop: false, daysAgo: 30, title: '수료증 발급 방법 안내', content: `<p>${certificateRuleText()}</p>` },
  { isnotice: 1, istop: false, daysAgo: 45, title: '포인트 적립 안내', content: `<p>결제 금액의 <strong>${EARN_RATE * 100}%</strong>가 포인트로 적립됩니다.</p>` },
  { isnotice: 1, istop: false, daysAgo: 60, title: '신규 리포머 클래스 오픈', content: '<p>리포머 풋워크 마스터 클래스가 새로 열렸습니다.</p>' },
  { isnotice: -1, istop: false, daysAgo: 6, title: '[이벤트] 후기 작성하고 포인트 받기', content: '<p>수강 후기를 남기면 <strong>1,000P</strong>를 드립니다.</p>' },
  { isnotice: -1, istop: false, daysAgo: 25, title: '[뉴스] 협회 재활 세미나 개최', content: '<p>척추 재활 세미나가 성황리에 마무리되었습니다.</p>' },
  { isnotice: -1, istop: false, daysAgo: 40, title: '[이벤트] 친구 추천 쿠폰', content: '<p>친구를 추천하면 5,000원 쿠폰을 드립니다.</p>' },
];

/** The FAQ's refund answer is the terms' rule (rules/refund.ts), word for word; migration 020 rewrites older databases. */
export const REFUND_QUESTION = '환불은 어떻게 하나요?';
export const refundPolicyHtml = REFUND_POLICY.lines.map((line) => `<p>${line}</p>`).join('');
export const COUPON_QUESTION = '쿠폰은 어디에서 입력하나요?';
export const couponAnswerHtml =
  '<p>결제 화면의 [내 쿠폰]에서 보유한 쿠폰을 고르거나, 쿠폰 번호를 입력하세요(대소문자 구분 없음). 보유 쿠폰은 마이페이지의 [내 쿠폰]에서 볼 수 있습니다.</p>';

export const faqs = [
  ['수강', '수강 기간은 얼마인가요?', `<p>결제일로부터 ${ENROLMENT_DAYS}일입니다.</p>`],
  ['수강', '모바일에서도 수강할 수 있나요?', '<p>네, 모바일 브라우저에서 수강할 수 있습니다.</p>'],
  ['결제', REFUND_QUESTION, refundPolicyHtml],
  ['결제', COUPON_QUESTION, couponAnswerHtml],
  ['계정', '다른 기기에서 로그인하면 어떻게 되나요?', '<p>기존 기기는 자동으로 로그아웃됩니다.</p>'],
  ['수료증', '수료증은 언제 발급되나요?', `<p>${certificateRuleText()}</p>`],
] as const;

export const suggestTypes = [
  ['1', '수강 문의'],
  ['2', '결제 문의'],
  ['3', '기술 문의'],
  ['4', '제안하기'],
] as const;

export const reviewers = ['이수진', '박지훈', '최유나', '정민호', '강하늘', '윤서연'];
export const reviewTexts = [
  '설명이 자세해서 집에서도 쉽게 따라할 수 있었어요.',
  '허리 통증이 많이 줄었습니다. 추천합니다!',
  '강사님 목소리가 차분해서 좋아요.',
  '초보자도 부담 없이 시작할 수 있는 클래스입니다.',
  '동작 설명이 조금 빨라요. 그래도 만족합니다.',
];

export const coupons = [
  { couponnumber: 'WELCOME5000', title: '신규 회원 5,000원 할인', discount_amount: 5000, discount_rate: 0, min_amount: 10000, expires_at: '2099-12-31 23:59:59' },
  { couponnumber: 'PILATES10', title: '필라테스 10% 할인', discount_amount: 0, discount_rate: 10, min_amount: 0, expires_at: '2099-12-31 23:59:59' },
  // Used by the demo member's first order (demoOrders): seed.ts marks it used when that order was paid.
  { couponnumber: 'START3000', title: '수강 시작 응원 3,000원 할인', discount_amount: 3000, discount_rate: 0, min_amount: 0, expires_at: '2099-12-31 23:59:59' },
  { couponnumber: 'EXPIRED01', title: '만료된 쿠폰', discount_amount: 3000, discount_rate: 0, min_amount: 0, expires_at: '2020-01-01 00:00:00' },
  { couponnumber: 'THANKS3000', title: '재수강 감사 3,000원 할인', discount_amount: 3000, discount_rate: 0, min_amount: 0, expires_at: '2099-12-31 23:59:59' },
];
/** Once per member (migration 020): every member holds these until they use them. */
export const perMemberCoupons = ['WELCOME5000'];
/** Issued to one member (migration 020): listed among that member's coupons, refused to anyone else. */
export const issuedCoupons = [{ couponnumber: 'THANKS3000', owner: DEMO_MEMBER.useruid }];

/**
 * The demo member's orders (issue 42, finding 9), each paid `paidDaysAgo` days before the seed ran; seed.ts writes what
 * the store writes when an order is paid (server/domain/orders.ts `fulfil`): the enrolment from the payment for
 * ENROLMENT_DAYS, the points used and earned (rules/orderTerms.ts), the coupon used. Payment ids are named by tests.
 * 101 and 102 are being watched, 121 ends in 5 days and 105 ended 20 days ago.
 */
export const demoOrders = [
  { paymentid: 1, contentsid: 101, paidDaysAgo: 10, pointUsed: 0, couponnumber: null },
  { paymentid: 2, contentsid: 102, paidDaysAgo: 12, pointUsed: 0, couponnumber: null },
  { paymentid: 3, contentsid: 121, paidDaysAgo: 85, pointUsed: 1000, couponnumber: null },
  { paymentid: 4, contentsid: 105, paidDaysAgo: 110, pointUsed: 0, couponnumber: 'START3000' },
] as const;
/** The demo accounts joined this many days before the seed ran: before every demo order. */
export const JOINED_DAYS_AGO = 120;

export const quizLectures = [101, 102, 104, 121];
export const quizQuestions = [
  ['필라테스 호흡법으로 올바른 것은?', ['흉식 호흡', '복식 호흡만', '숨 참기', '빠른 호흡'], 0],
  ['코어에 포함되지 않는 근육은?', ['복횡근', '다열근', '이두근', '골반저근'], 2],
  ['중립 골반이란?', ['골반을 앞으로 기울임', '골반을 뒤로 말기', 'ASIS와 치골이 수직면', '골반을 들어올림'], 2],
  ['운동 중 통증이 생기면?', ['참고 계속한다', '즉시 중단한다', '속도를 높인다', '호흡을 멈춘다'], 1],
  ['리포머의 스프링 역할은?', ['저항과 보조', '장식', '소리 내기', '무게 측정'], 0],
] as const;

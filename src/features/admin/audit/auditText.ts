import type { AdminAuditEntry } from '../../../api/queries/admin-audit';

/** The audit trail in words: operations by their Korean names, and a change's summary as a few short lines. */

export const OPERATION_LABEL: Record<string, string> = {
  grantAdminStaff: '역할 부여',
  revokeAdminStaff: '역할 해제',
  createAdminClass: '클래스 생성',
  updateAdminClass: '클래스 수정',
  setAdminClassState: '클래스 상태 변경',
  createAdminSection: '섹션 추가',
  updateAdminSection: '섹션 이름 변경',
  deleteAdminSection: '섹션 삭제',
  reorderAdminCurriculum: '커리큘럼 순서 변경',
  createAdminLecture: '강의 추가',
  updateAdminLecture: '강의 수정',
  removeAdminLecture: '강의 삭제',
  createAdminNotice: '공지 등록',
  updateAdminNotice: '공지 수정',
  deleteAdminNotice: '공지 삭제',
  createAdminFaq: 'FAQ 등록',
  updateAdminFaq: 'FAQ 수정',
  deleteAdminFaq: 'FAQ 삭제',
  createAdminCategory: '카테고리 추가',
  updateAdminCategory: '카테고리 이름 변경',
  moveAdminCategory: '카테고리 이동',
  reorderAdminCategories: '카테고리 순서 변경',
  deleteAdminCategory: '카테고리 삭제',
  uploadAdminBannerImage: '배너 이미지 올림',
  createAdminBanner: '배너 추가',
  updateAdminBanner: '배너 수정',
  reorderAdminBanners: '배너 순서 변경',
  deleteAdminBanner: '배너 삭제',
  openAdminViewAs: '회원 화면으로 보기',
  refundAdminOrder: '주문 환불',
  checkAdminRefund: '환불 확인',
  retryAdminRefund: '환불 다시 시도',
  changeAdminEnrolment: '수강 부여·변경·취소',
  createAdminCouponCampaign: '쿠폰 캠페인 생성',
  issueAdminCouponCampaign: '쿠폰 회원 발급',
  stopAdminCouponCampaign: '쿠폰 캠페인 중지',
  exportAdminCouponCodes: '쿠폰 코드 내려받기',
  exportAdminSales: '매출 내려받기',
};

export const OBJECT_LABEL: Record<string, string> = {
  class: '클래스',
  section: '섹션',
  lecture: '강의',
  notice: '공지',
  faq: 'FAQ',
  staff: '운영진',
  category: '카테고리',
  banner: '배너',
  bannerImage: '배너 이미지',
  member: '회원',
  order: '주문',
  refund: '환불',
  couponCampaign: '쿠폰 캠페인',
  sales: '매출',
};

const MAX_LINES = 4;
const MAX_VALUE = 40;

function short(value: unknown): string {
  const text = value === null || value === undefined ? '없음' : typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE)}…` : text;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
/** What names the object in a line: its title, name or email. */
const NAME_KEYS = ['title', 'name', 'question', 'email'];
const nameOf = (v: Record<string, unknown>) => NAME_KEYS.map((k) => v[k]).find((x) => typeof x === 'string') as string | undefined;

/**
 * A change's `{ before, after }` as at most four lines: a new object by its name, a removed one by its name, a
 * change as "key: before → after" for each key that differs.
 */
export function summaryLines(summary: AdminAuditEntry['summary'], operation?: string): string[] {
  const { before, after } = summary;
  // An opening changed nothing: whom it showed, which class, and why.
  if (operation === 'openAdminViewAs' && isRecord(after))
    return [`회원: ${short(after.email)}`, `클래스: ${short(after.title)} (#${short(after.contentsid)})`, `사유: ${short(after.reason)}`];
  if ((before === null || before === undefined) && isRecord(after)) return [`새로 만듦${nameOf(after) ? `: ${short(nameOf(after))}` : ''}`];
  if ((after === null || after === undefined) && isRecord(before)) return [`삭제${nameOf(before) ? `: ${short(nameOf(before))}` : ''}`];
  if (!isRecord(before) || !isRecord(after)) return before === undefined && after === undefined ? [] : [`${short(before)} → ${short(after)}`];
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
  const lines = keys.slice(0, MAX_LINES).map((k) => `${k}: ${short(before[k])} → ${short(after[k])}`);
  if (keys.length > MAX_LINES) lines.push(`외 ${keys.length - MAX_LINES}개 항목`);
  return lines.length ? lines : ['바뀐 값 없음'];
}

import { BUSINESS } from '../../rules/business';
import { REFUND_POLICY, WITHDRAWAL_DAYS } from '../../rules/refund';
import { PAID_METHOD_NAME, paidMethodText, type PaidMethod } from '../../rules/paidMethod';
import type {
  AccessEndingFacts,
  CertificateIssuedFacts,
  PaymentConfirmedFacts,
  QnaAnsweredFacts,
  RefundFinishedFacts,
  SuggestRepliedFacts,
} from '../domain/mailEvents';
import type { MailKind } from '../domain/mailOutbox';
import { button, escapeHtml, factsTable, frameHtml, frameText, kstText, nobr, oneLine, won } from './layout';

/** A mail ready for the wire: subject, HTML and the plain-text part. */
export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

export interface MailContext {
  /** The store's public origin, for links (STORE_URL). */
  storeUrl: string;
  /** The member's name as they gave it (escaped here). */
  name: string;
  /** A reminder's signed switch-off link. */
  remindersOffUrl?: string;
}

const METHOD: Record<string, string> = { card: '신용·체크카드', free: '결제 금액 없음 (포인트·쿠폰 또는 무료)' };
type Paid = { payMethod: string; paidMethod?: PaidMethod | null; installmentMonth?: number };
/** The method as the member's receipt names it (rules/paidMethod.ts); a mail queued before issue 42 knows card or free only. */
const methodText = (f: Paid) =>
  f.payMethod !== 'free' && f.paidMethod ? paidMethodText(f.paidMethod, f.installmentMonth ?? 0) : (METHOD[f.payMethod] ?? f.payMethod);
/** Where a refund goes back to: 카카오페이, 신용카드 (no 할부 months: the whole charge is cancelled at once). */
const refundedToText = (f: Paid) =>
  f.payMethod !== 'free' && f.paidMethod ? PAID_METHOD_NAME[f.paidMethod] : (METHOD[f.payMethod] ?? f.payMethod);

/** Stored KST text plus days, as stored KST text (the deadline of 청약철회). */
function plusDays(stored: string, days: number): string {
  const at = Date.parse(`${stored.replace(' ', 'T')}+09:00`);
  if (Number.isNaN(at)) return stored;
  return new Date(at + days * 86_400_000 + 9 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
}

const link = (c: MailContext, path: string) => `${c.storeUrl.replace(/\/$/, '')}${path}`;
const greeting = (c: MailContext) => `${c.name ? `${c.name}님, ` : ''}`;

function paymentConfirmed(f: PaymentConfirmedFacts, c: MailContext): RenderedMail {
  const orderUrl = link(c, `/mypayment?paymentid=${f.paymentid}`);
  const charged = f.amount > 0;
  const deadline = plusDays(f.paidAt, WITHDRAWAL_DAYS);
  const period = (l: PaymentConfirmedFacts['lectures'][number]) =>
    `결제일로부터 ${l.periodDays}일${l.endAt ? ` (${kstText(l.endAt, false)}까지)` : ''}`;
  // Each lecture a block of its own: its title, then its price and period (a title and a price on one line wrapped
  // into each other on a phone).
  const lecturesHtml = f.lectures
    .map(
      (l, i) => `<div style="margin:${i ? '10px' : '0'} 0 0;"><span style="font-weight:600;">${escapeHtml(l.title)}</span><br>${nobr(won(l.price))}
        <span style="color:#666;">· 수강 기간: 결제일로부터 ${nobr(`${l.periodDays}일`)}${l.endAt ? ` (${nobr(`${kstText(l.endAt, false)}까지`)})` : ''}</span></div>`,
    )
    .join('');
  const money: [string, string][] = [
    ['상품 금액', won(f.priceTotal)],
    ...(f.couponDiscount ? ([['쿠폰 할인', `-${won(f.couponDiscount)}`]] as [string, string][]) : []),
    ...(f.pointUsed ? ([['포인트 사용', `-${won(f.pointUsed)}`]] as [string, string][]) : []),
    ['결제 금액', `<strong>${won(f.amount)}</strong>`],
    ['결제 수단', escapeHtml(methodText(f))],
    ['결제 일시', escapeHtml(kstText(f.paidAt))],
  ];
  const seller: [string, string][] = [
    ['판매자', `${escapeHtml(BUSINESS.company)} ${nobr(`(대표 ${BUSINESS.representative})`)}`],
    ['사업자등록번호', escapeHtml(BUSINESS.businessNo)],
    ['통신판매업 신고번호', escapeHtml(BUSINESS.mailOrderNo)],
    ['주소', escapeHtml(BUSINESS.address)],
    ['연락처', `${nobr(BUSINESS.phone)} · ${nobr(BUSINESS.email)}`],
  ];
  const withdrawal: [string, string][] = charged
    ? [
        ['청약철회 기한', `${nobr(kstText(deadline))}까지 (수강·자료 다운로드 전)`],
        ['청약철회 방법', `마이페이지 &gt; 결제내역 &gt; 주문 상세의 ${nobr('[환불 신청]')}`],
        ['청약철회 효과', '결제하신 수단으로 결제 금액을 돌려드리고, 사용한 포인트·쿠폰을 되돌려 드립니다.'],
      ]
    : [];
  const receipt = f.receiptUrl
    ? `<p style="margin:8px 0;font-size:14px;"><a href="${escapeHtml(f.receiptUrl)}" style="color:#2f6f5e;">영수증 보기</a></p>`
    : `<p style="margin:8px 0;font-size:14px;color:#555;">영수증은 주문 상세에서 인쇄할 수 있습니다.</p>`;
  const policy = charged
    ? `<h2 style="font-size:15px;margin:24px 0 8px;">${escapeHtml(REFUND_POLICY.title)}</h2><ul style="margin:0;padding-left:18px;font-size:13px;color:#444;">${REFUND_POLICY.lines
        .map((l) => `<li style="margin:4px 0;">${escapeHtml(l)}</li>`)
        .join('')}</ul>`
    : '<p style="font-size:13px;color:#444;">무료 수강 신청은 결제한 금액이 없어 환불 대상이 아닙니다.</p>';
  const html = frameHtml({
    preview: `${oneLine(f.title)} 주문이 완료되었습니다.`,
    heading: '주문이 완료되었습니다',
    bodyHtml: `<p style="margin:0 0 8px;font-size:15px;">${escapeHtml(greeting(c))}주문해 주셔서 감사합니다. 결제 즉시 내 강의실에서 온라인 영상으로 수강하실 수 있습니다.</p>
${factsTable([['주문 번호', String(f.paymentid)], ['주문 강의', lecturesHtml], ...money])}
${button(orderUrl, '주문 상세 보기')}${receipt}
<h2 style="font-size:15px;margin:24px 0 8px;">거래 조건 안내</h2>
${factsTable([...seller, ['제공 방법', '결제 즉시 내 강의실에서 온라인 영상으로 제공'], ...withdrawal])}
${policy}`,
  });
  const text = frameText([
    `${greeting(c)}주문해 주셔서 감사합니다.`,
    '',
    `주문 번호: ${f.paymentid}`,
    ...f.lectures.map((l) => `- ${oneLine(l.title)} · ${won(l.price)} · 수강 기간: ${period(l)}`),
    `상품 금액: ${won(f.priceTotal)}`,
    ...(f.couponDiscount ? [`쿠폰 할인: -${won(f.couponDiscount)}`] : []),
    ...(f.pointUsed ? [`포인트 사용: -${won(f.pointUsed)}`] : []),
    `결제 금액: ${won(f.amount)}`,
    `결제 수단: ${methodText(f)}`,
    `결제 일시: ${kstText(f.paidAt)}`,
    `주문 상세: ${orderUrl}`,
    ...(f.receiptUrl ? [`영수증: ${f.receiptUrl}`] : ['영수증은 주문 상세에서 인쇄할 수 있습니다.']),
    '',
    '[거래 조건 안내]',
    `판매자: ${BUSINESS.company} (대표 ${BUSINESS.representative})`,
    `사업자등록번호: ${BUSINESS.businessNo}`,
    `통신판매업 신고번호: ${BUSINESS.mailOrderNo}`,
    `주소: ${BUSINESS.address}`,
    `연락처: ${BUSINESS.phone} · ${BUSINESS.email}`,
    '제공 방법: 결제 즉시 내 강의실에서 온라인 영상으로 제공',
    ...(charged
      ? [
          `청약철회 기한: ${kstText(deadline)}까지 (수강·자료 다운로드 전)`,
          '청약철회 방법: 마이페이지 > 결제내역 > 주문 상세의 [환불 신청]',
          '청약철회 효과: 결제하신 수단으로 결제 금액을 돌려드리고, 사용한 포인트·쿠폰을 되돌려 드립니다.',
          '',
          `[${REFUND_POLICY.title}]`,
          ...REFUND_POLICY.lines.map((l) => `- ${l}`),
        ]
      : ['무료 수강 신청은 결제한 금액이 없어 환불 대상이 아닙니다.']),
  ]);
  return { subject: `[${BUSINESS.company}] 주문 완료 안내 - ${oneLine(f.title)}`, html, text };
}

function refundFinished(f: RefundFinishedFacts, c: MailContext): RenderedMail {
  const orderUrl = link(c, `/mypayment?paymentid=${f.paymentid}`);
  const kind = f.whole ? '환불완료' : '부분환불';
  const rows: [string, string][] = [
    ['주문 번호', String(f.paymentid)],
    ['환불 강의', f.lectures.map(escapeHtml).join('<br>') || escapeHtml(f.title)],
    ['환불 금액', `<strong>${won(f.amount)}</strong>`],
    ['환불 수단', escapeHtml(f.amount > 0 ? `결제하신 수단 (${refundedToText(f)})` : '결제 금액 없음')],
    ...(f.pointsRestored ? ([['포인트 반환', `${f.pointsRestored.toLocaleString('ko-KR')}P`]] as [string, string][]) : []),
    ...(f.pointsTakenBack ? ([['적립 포인트 회수', `${f.pointsTakenBack.toLocaleString('ko-KR')}P`]] as [string, string][]) : []),
    ['처리 일시', escapeHtml(kstText(f.doneAt))],
  ];
  const note = '카드 결제는 카드사에 따라 취소 반영까지 3~7영업일이 걸릴 수 있습니다.';
  const html = frameHtml({
    preview: `${won(f.amount)} ${kind} 처리되었습니다.`,
    heading: `${kind} 안내`,
    bodyHtml: `<p style="margin:0 0 8px;font-size:15px;">${escapeHtml(greeting(c))}요청하신 환불이 처리되었습니다.</p>
${factsTable(rows)}<p style="font-size:13px;color:#555;">${escapeHtml(note)}</p>${button(orderUrl, '주문 상세 보기')}`,
  });
  const text = frameText([
    `${greeting(c)}요청하신 환불이 처리되었습니다. (${kind})`,
    '',
    `주문 번호: ${f.paymentid}`,
    `환불 강의: ${(f.lectures.length ? f.lectures : [f.title]).map(oneLine).join(', ')}`,
    `환불 금액: ${won(f.amount)}`,
    `환불 수단: ${f.amount > 0 ? `결제하신 수단 (${refundedToText(f)})` : '결제 금액 없음'}`,
    ...(f.pointsRestored ? [`포인트 반환: ${f.pointsRestored.toLocaleString('ko-KR')}P`] : []),
    ...(f.pointsTakenBack ? [`적립 포인트 회수: ${f.pointsTakenBack.toLocaleString('ko-KR')}P`] : []),
    `처리 일시: ${kstText(f.doneAt)}`,
    note,
    `주문 상세: ${orderUrl}`,
  ]);
  return { subject: `[${BUSINESS.company}] ${kind} 안내 - ${won(f.amount)}`, html, text };
}

function accessEnding(f: AccessEndingFacts, c: MailContext): RenderedMail {
  const classUrl = link(c, `/myclass`);
  const off = c.remindersOffUrl;
  const html = frameHtml({
    preview: `${oneLine(f.title)} 수강 기간이 ${kstText(f.endAt, false)}에 끝납니다.`,
    heading: '수강 기간 종료 안내',
    bodyHtml: `<p style="margin:0 0 8px;font-size:15px;">${escapeHtml(greeting(c))}수강 중인 강의의 수강 기간이 ${nobr(kstText(f.endAt, false))}에 끝납니다.</p>
${factsTable([['강의', escapeHtml(f.title)], ['수강 종료', escapeHtml(kstText(f.endAt))]])}
<p style="font-size:14px;color:#444;">종료 후에는 강의를 재생할 수 없습니다. 남은 강의를 마저 들어 보세요.</p>${button(classUrl, '내 강의실로 가기')}`,
    ...(off
      ? { unsubscribeHtml: `수강 기간 종료 안내를 받고 싶지 않으시면 <a href="${escapeHtml(off)}" style="color:#555;">수신 거부</a>를 눌러 주세요. 주문·환불·수료증 안내는 계속 보내 드립니다.` }
      : {}),
  });
  const text = frameText(
    [`${greeting(c)}수강 중인 강의의 수강 기간이 ${kstText(f.endAt, false)}에 끝납니다.`, '', `강의: ${oneLine(f.title)}`, `수강 종료: ${kstText(f.endAt)}`, '종료 후에는 강의를 재생할 수 없습니다.', `내 강의실: ${classUrl}`],
    off ? `수강 기간 종료 안내 수신 거부: ${off}` : undefined,
  );
  return { subject: `[${BUSINESS.company}] 수강 기간 종료 안내 - ${oneLine(f.title)}`, html, text };
}

function certificateIssued(f: CertificateIssuedFacts, c: MailContext): RenderedMail {
  const checkUrl = link(c, `/certificate/${encodeURIComponent(f.certificateno)}`);
  const html = frameHtml({
    preview: `${oneLine(f.title)} 수료증이 발급되었습니다.`,
    heading: '수료증이 발급되었습니다',
    bodyHtml: `<p style="margin:0 0 8px;font-size:15px;">${escapeHtml(greeting(c))}수료를 축하드립니다.</p>
${factsTable([['강의', escapeHtml(f.title)], ['수료증 번호', escapeHtml(f.certificateno)], ['발급일', escapeHtml(kstText(f.issuedAt, false))]])}
<p style="font-size:14px;color:#444;">아래 확인 페이지에서 누구나 이 수료증이 진짜인지 확인할 수 있습니다. 수료증 인쇄는 마이페이지 &gt; 수료증에서 할 수 있습니다.</p>${button(checkUrl, '수료증 확인 페이지')}
<p style="margin:-12px 0 0;font-size:13px;color:#555;">확인 주소<br><a href="${escapeHtml(checkUrl)}" style="color:#2f6f5e;">${escapeHtml(checkUrl)}</a></p>`,
  });
  const text = frameText([
    `${greeting(c)}수료를 축하드립니다.`,
    '',
    `강의: ${oneLine(f.title)}`,
    `수료증 번호: ${f.certificateno}`,
    `발급일: ${kstText(f.issuedAt, false)}`,
    `수료증 확인: ${checkUrl}`,
  ]);
  return { subject: `[${BUSINESS.company}] 수료증 발급 안내 - ${oneLine(f.title)}`, html, text };
}

// The answer itself stays in the store: the mail says that there is one and links to where the member reads it, so no
// staff-written HTML ever reaches a mail client and a private question's answer is read signed in.
function qnaAnswered(f: QnaAnsweredFacts, c: MailContext): RenderedMail {
  const playerUrl = link(c, `/player/${f.contentsid}`);
  const html = frameHtml({
    preview: `${oneLine(f.classTitle)} 질문에 답변이 등록되었습니다.`,
    heading: '질문에 답변이 등록되었습니다',
    bodyHtml: `<p style="margin:0 0 8px;font-size:15px;">${escapeHtml(greeting(c))}남겨 주신 질문에 강사 답변이 등록되었습니다.</p>
${factsTable([['강의', escapeHtml(f.classTitle)], ['질문', escapeHtml(oneLine(f.questionTitle))], ['답변 일시', escapeHtml(kstText(f.answeredAt))]])}
<p style="font-size:14px;color:#444;">답변은 강의 플레이어의 ${nobr('[Q&A]')} 탭에서 확인할 수 있습니다.</p>${button(playerUrl, '답변 확인하기')}`,
  });
  const text = frameText([
    `${greeting(c)}남겨 주신 질문에 강사 답변이 등록되었습니다.`,
    '',
    `강의: ${oneLine(f.classTitle)}`,
    `질문: ${oneLine(f.questionTitle)}`,
    `답변 일시: ${kstText(f.answeredAt)}`,
    `답변 확인 (강의 플레이어의 [Q&A] 탭): ${playerUrl}`,
  ]);
  return { subject: `[${BUSINESS.company}] 질문 답변 안내 - ${oneLine(f.classTitle)}`, html, text };
}

function suggestReplied(f: SuggestRepliedFacts, c: MailContext): RenderedMail {
  const boardUrl = link(c, '/q&a?tab=suggest');
  const html = frameHtml({
    preview: '1:1 문의에 답변이 등록되었습니다.',
    heading: '1:1 문의 답변 안내',
    bodyHtml: `<p style="margin:0 0 8px;font-size:15px;">${escapeHtml(greeting(c))}보내 주신 1:1 문의에 답변이 등록되었습니다.</p>
${factsTable([['문의', escapeHtml(oneLine(f.title))], ['답변 일시', escapeHtml(kstText(f.repliedAt))]])}
<p style="font-size:14px;color:#444;">답변은 고객센터 &gt; 1:1 문의에서 로그인 후 확인할 수 있습니다.</p>${button(boardUrl, '답변 확인하기')}`,
  });
  const text = frameText([
    `${greeting(c)}보내 주신 1:1 문의에 답변이 등록되었습니다.`,
    '',
    `문의: ${oneLine(f.title)}`,
    `답변 일시: ${kstText(f.repliedAt)}`,
    `답변 확인 (고객센터 > 1:1 문의): ${boardUrl}`,
  ]);
  return { subject: `[${BUSINESS.company}] 1:1 문의 답변 안내`, html, text };
}

/** The mail of an outbox row, from the facts kept with it (null only for a kind this build does not know). */
export function renderMail(kind: MailKind, data: unknown, c: MailContext): RenderedMail | null {
  switch (kind) {
    case 'payment-confirmed':
      return paymentConfirmed(data as PaymentConfirmedFacts, c);
    case 'refund-finished':
      return refundFinished(data as RefundFinishedFacts, c);
    case 'access-ending':
      return accessEnding(data as AccessEndingFacts, c);
    case 'certificate-issued':
      return certificateIssued(data as CertificateIssuedFacts, c);
    case 'qna-answered':
      return qnaAnswered(data as QnaAnsweredFacts, c);
    case 'suggest-replied':
      return suggestReplied(data as SuggestRepliedFacts, c);
    default:
      return null;
  }
}

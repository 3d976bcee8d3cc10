import type { components } from '../../api/schema.gen';
import { BUSINESS } from '../../../rules/business';
import { REFUND_POLICY, WITHDRAWAL_DAYS } from '../../../rules/refund';
import { formatWon } from '../../lib/format';
import { formatDateTimeKst } from '../../lib/formatDateTime';
import { withdrawalDeadline } from './orderTerms';

type Payment = components['schemas']['Payment'];
type Lecture = components['schemas']['Lecture'];

/** How the withdrawal is asked for: the member's own order, online (KFTC: online sign-up means online cancellation). */
const WITHDRAW_HOW = '마이페이지 > 결제내역 > 주문 상세의 [환불 신청]';

/**
 * What 전자상거래법 13조 2항 asks an order confirmation to carry: the supplier, the price, how and how long the class is
 * supplied, the withdrawal deadline, method and effect, and the refund terms (rules/refund.ts, the one policy text).
 * The supplier's details are the footer's (rules/business.ts).
 */
export function OrderTerms({ order: o, lectures }: { order: Payment; lectures: Lecture[] | undefined }) {
  const paidAt = o.paiddate ?? o.regdate;
  const deadline = withdrawalDeadline(paidAt);
  const charged = o.amount > 0;
  const periods = [...new Set((lectures ?? []).map((l) => l.period))];
  return (
    <section className="order-terms" aria-labelledby="order-terms-title" data-testid="order-terms">
      <h2 id="order-terms-title" className="order-terms__title">
        거래 조건 안내
      </h2>
      <dl className="order-terms__facts">
        <div>
          <dt>판매자</dt>
          <dd>
            {BUSINESS.company} (대표 {BUSINESS.representative})
          </dd>
        </div>
        <div>
          <dt>사업자등록번호</dt>
          <dd>{BUSINESS.businessNo}</dd>
        </div>
        <div>
          <dt>통신판매업 신고번호</dt>
          <dd>{BUSINESS.mailOrderNo}</dd>
        </div>
        <div>
          <dt>주소</dt>
          <dd>{BUSINESS.address}</dd>
        </div>
        <div>
          <dt>연락처</dt>
          <dd>
            {BUSINESS.phone} · {BUSINESS.email}
          </dd>
        </div>
        <div>
          <dt>상품 금액</dt>
          <dd>
            {formatWon(o.amount)} (결제 {formatWon(o.paidamount)})
          </dd>
        </div>
        <div>
          <dt>제공 방법·기간</dt>
          <dd>
            결제 즉시 내 강의실에서 온라인 영상으로 제공,{' '}
            {periods.length === 1 ? `결제일로부터 ${periods[0]}일` : '클래스별 안내된 기간'} 수강
          </dd>
        </div>
        {charged && (
          <div>
            <dt>청약철회 기한</dt>
            <dd data-testid="withdrawal-deadline">
              {deadline ? `${formatDateTimeKst(deadline)}까지` : `결제일로부터 ${WITHDRAWAL_DAYS}일`} (수강·자료 다운로드 전)
            </dd>
          </div>
        )}
        {charged && (
          <div>
            <dt>청약철회 방법</dt>
            <dd>{WITHDRAW_HOW}</dd>
          </div>
        )}
      </dl>
      {charged ? (
        <div className="order-terms__policy">
          <h3>{REFUND_POLICY.title}</h3>
          <ul>
            {REFUND_POLICY.lines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
      ) : (
        <p className="order-terms__free">무료 수강 신청은 결제한 금액이 없어 환불 대상이 아닙니다.</p>
      )}
    </section>
  );
}

import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { fetchOrderLectures } from '../../api/queries/catalogOrder';
import { fetchPaymentInfo, paymentKeys } from '../../api/queries/payment';
import { isApiError } from '../../api/errors';
import { useSessionUser } from '../../auth/sessionStore';
import { AmountRows } from '../../components/ui/AmountRows';
import { PageSkeleton } from '../../components/ui/Skeleton';
import { formatWon } from '../../lib/format';
import { formatDateTimeKst } from '../../lib/formatDateTime';
import { paymentIdOf } from './providerReturn';
import { OrderTerms } from './OrderTerms';
import { paidMethodText } from '../../../rules/paidMethod';
import './checkout.css';

/** /paymentResult and /paymentResultFree: the receipt of one order, read from the server. */
export function ReceiptPage({ free }: { free: boolean }) {
  const user = useSessionUser();
  const [paymentid] = useState(() => paymentIdOf(window.location.search));
  const order = useQuery({
    queryKey: paymentKeys.info(paymentid),
    queryFn: () => fetchPaymentInfo(paymentid),
    enabled: user.loggedIn && paymentid > 0,
    retry: false,
  });
  const lectures = useQuery({
    queryKey: ['catalog', 'order-lectures', order.data?.contentsids ?? []],
    queryFn: () => fetchOrderLectures(order.data!.contentsids),
    enabled: !!order.data,
  });

  if (!user.loggedIn)
    return <OutcomeMessage title="결제 내역을 확인하려면 로그인해주세요" message="로그인 후 결제내역에서 확인할 수 있습니다." />;
  if (paymentid <= 0) return <OutcomeMessage title="결제 정보를 찾을 수 없습니다" message="결제내역에서 주문을 확인해주세요." />;
  if (order.isError)
    return (
      <OutcomeMessage
        title="결제 정보를 불러오지 못했습니다"
        message={isApiError(order.error) ? order.error.message : '잠시 후 결제내역에서 확인해주세요.'}
      />
    );
  if (!order.data)
    return (
      <div className="outcome" role="status" aria-label="결제 정보를 불러오는 중입니다">
        <PageSkeleton lines={6} />
      </div>
    );
  const o = order.data;
  const paidFree = o.paymethod === 'free';
  return (
    <section className="outcome">
      <span className="outcome__mark" aria-hidden="true">
        ✓
      </span>
      <h1 className="outcome__title">{free || paidFree ? '수강 신청이 완료되었습니다' : '결제가 완료되었습니다'}</h1>
      <p className="outcome__lead">내 강의실에서 바로 수강을 시작할 수 있습니다.</p>
      <div className="receipt">
        <dl className="receipt__facts">
          <div>
            <dt>주문번호</dt>
            <dd data-testid="order-number">{o.paymentid}</dd>
          </div>
          <div>
            <dt>{paidFree ? '신청일시' : '결제일시'}</dt>
            <dd>{formatDateTimeKst(o.paiddate ?? o.regdate)}</dd>
          </div>
          <div>
            <dt>결제수단</dt>
            <dd data-testid="paid-method">{paidMethodText(o.paidmethod, o.installmentmonth)}</dd>
          </div>
        </dl>
        <ul className="receipt__lectures" aria-label="주문 클래스">
          {(lectures.data ?? []).map((l) => (
            <li key={l.contentsid}>
              <span>{l.title}</span>
              <span>{l.saleprice === 0 ? '무료' : formatWon(l.saleprice)}</span>
            </li>
          ))}
          {!lectures.data && <li>{o.title}</li>}
        </ul>
        <AmountRows
          className="receipt__facts"
          rows={[
            { label: '주문 금액', won: o.amount },
            { label: '쿠폰 할인', won: o.coupondiscount, deduct: true },
            { label: '포인트 사용', won: o.pointused, deduct: true },
          ]}
          total={o.paidamount}
          totalClassName="checkout-sum__total"
          totalTestId="paid-amount"
        />
      </div>
      <OrderTerms order={o} lectures={lectures.data} />
      <div className="outcome__actions">
        <Link to="/myclass" className="btn btn--primary">
          내 강의실로
        </Link>
        <Link to="/mypayment" className="btn">
          결제내역
        </Link>
      </div>
    </section>
  );
}

export function OutcomeMessage({
  title,
  message,
  failed = false,
  children,
}: {
  title: string;
  message: string;
  failed?: boolean;
  children?: React.ReactNode;
}) {
  return (
    <section className="outcome" role={failed ? 'alert' : 'status'}>
      <span className={`outcome__mark${failed ? ' outcome__mark--fail' : ''}`} aria-hidden="true">
        {failed ? '!' : 'i'}
      </span>
      <h1 className="outcome__title">{title}</h1>
      <p className="outcome__lead">{message}</p>
      <div className="outcome__actions">
        {children ?? (
          <>
            <Link to="/main" className="btn">
              홈으로
            </Link>
            <Link to="/mypayment" className="btn btn--primary">
              결제내역
            </Link>
          </>
        )}
      </div>
    </section>
  );
}

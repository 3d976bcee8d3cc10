import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { POINT_PAGE_SIZE, pointSumQuery, pointsQuery, type PointKind } from '../../api/queries/points';
import { QueryState } from '../../components/section/QueryState';
import { EmptyState } from '../../components/ui/EmptyState';
import { SkeletonBlock } from '../../components/ui/Skeleton';
import { Pagination } from '../../components/ui/Pagination';
import { Tabs } from '../../components/ui/Tabs';
import { formatDate, formatPoints } from '../../lib/format';
import { EARN_RATE } from '../../../rules/orderTerms';
import './points.css';

const POINT_KINDS: [PointKind, string][] = [
  ['all', '전체'],
  ['earn', '적립'],
  ['use', '사용'],
];

/**
 * /mypoint: usable balance, the ledger of earned and used points, and where coupons come from. Balance and ledger
 * each show their own call's state, so one failing leaves the other (and the coupon note) in place (issue 15).
 */
export function PointsPage({ useruid }: { useruid: string }) {
  const [{ page, kind }, setView] = useState<{ page: number; kind: PointKind }>({ page: 1, kind: 'all' });
  const onChange = (next: { page?: number; kind?: PointKind }) => setView((v) => ({ ...v, ...next }));
  const sum = useQuery(pointSumQuery(useruid));
  // The current lines stay on screen while the next page or tab loads.
  const ledger = useQuery({ ...pointsQuery(useruid, page, kind), placeholderData: keepPreviousData });
  return (
    <div className="page points">
      <section className="point-balance" aria-labelledby="point-balance-title">
        <h2 id="point-balance-title" className="point-balance__label">
          사용 가능 포인트
        </h2>
        <QueryState query={sum} fallback={<SkeletonBlock height={44} width="50%" />}>
          {({ pointSum }) => (
            <p className="point-balance__value" data-testid="point-balance">
              {formatPoints(pointSum)}
              <span> P</span>
            </p>
          )}
        </QueryState>
        <p className="point-balance__hint">결제 금액의 {EARN_RATE * 100}%가 적립되며, 결제할 때 1P = 1원으로 사용할 수 있습니다.</p>
      </section>

      <section className="point-ledger" aria-labelledby="point-ledger-title">
        <div className="point-ledger__head">
          <h2 id="point-ledger-title">포인트 내역</h2>
          <Tabs
            label="포인트 내역 구분"
            className="point-tabs"
            tabs={POINT_KINDS}
            selected={kind}
            onSelect={(k) => onChange({ kind: k, page: 1 })}
          />
        </div>
        <QueryState query={ledger} fallback={<SkeletonBlock height={240} />}>
          {(data) => (
            <>
              {data.list.length === 0 ? (
                <EmptyState title="포인트 내역이 없습니다." />
              ) : (
                <ul className="point-lines" data-testid="point-lines">
                  {data.list.map((p) => (
                    <li key={p.pointid} className="point-line" data-testid="point-line">
                      <div className="point-line__what">
                        <span className={`point-line__kind point-line__kind--${p.amount < 0 ? 'use' : 'earn'}`}>
                          {p.amount < 0 ? '사용' : '적립'}
                        </span>
                        <p className="point-line__reason">{p.reason}</p>
                        <p className="point-line__date">
                          {formatDate(p.regdate)}
                          {p.paymentid ? ` · 주문번호 ${p.paymentid}` : ''}
                        </p>
                      </div>
                      <div className="point-line__figures">
                        <strong className={p.amount < 0 ? 'minus' : 'plus'}>
                          {p.amount < 0 ? '-' : '+'}
                          {formatPoints(Math.abs(p.amount))} P
                        </strong>
                        <span>잔액 {formatPoints(p.balance)} P</span>
                      </div>
                    </li>
                  ))}
                </ul>
              )}
              <Pagination
                page={page}
                pageSize={POINT_PAGE_SIZE}
                totalCount={data.totalCount}
                onPage={(p) => onChange({ page: p })}
              />
            </>
          )}
        </QueryState>
      </section>

      <section className="point-coupons" aria-labelledby="point-coupons-title">
        <h2 id="point-coupons-title">쿠폰</h2>
        <p>
          보유한 쿠폰은 <Link to="/mycoupon">내 쿠폰</Link>에서 볼 수 있고, 결제 화면의 <strong>내 쿠폰</strong>에서 골라 바로
          적용할 수 있습니다. 받은 쿠폰 번호는 결제 화면에 입력하세요.
        </p>
      </section>
    </div>
  );
}

import { useMemo, useState } from 'react';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  adminCouponCampaignsQuery,
  adminCouponKeys,
  downloadAdminCouponCodes,
  stopAdminCouponCampaign,
  type AdminCouponCampaign,
  type AdminCouponCampaignFilter,
} from '../../../api/queries/admin-coupons';
import { alertDark, confirmDark } from '../../../lib/popup';
import { EmptyState } from '../../../components/ui/EmptyState';
import { AdminListStates, LoadMore } from '../shell/AdminParts';
import { IssuePanel } from './IssuePanel';
import { KIND_LABEL, discountText, periodText, scopeText, stateText, won } from './couponText';
import { kstDay } from '../shell/kst';

/** 캠페인 목록: each campaign's terms, its figures, and what can be done with it. */
export function CampaignList({ opened }: { opened: number | null }) {
  const [typed, setTyped] = useState('');
  const [filter, setFilter] = useState<AdminCouponCampaignFilter>({ state: 'all' });
  const list = useInfiniteQuery(adminCouponCampaignsQuery(filter));
  const rows = useMemo(() => list.data?.pages.flatMap((p) => p.list) ?? [], [list.data]);
  const today = kstDay();
  return (
    <section aria-labelledby="coupon-campaigns">
      <h2 className="admin-coupon-title" id="coupon-campaigns">
        캠페인 목록
      </h2>
      <form
        className="admin-audit-filters admin-coupon-filters"
        role="search"
        aria-label="캠페인 찾기"
        onSubmit={(e) => {
          e.preventDefault();
          setFilter((f) => ({ ...f, q: typed.trim() || undefined }));
        }}
      >
        <div className="admin-field">
          <label htmlFor="coupon-q">캠페인 이름</label>
          <input id="coupon-q" type="search" value={typed} maxLength={100} autoComplete="off" onChange={(e) => setTyped(e.currentTarget.value)} />
        </div>
        <div className="admin-field">
          <label htmlFor="coupon-state">상태</label>
          <select
            id="coupon-state"
            value={filter.state ?? 'all'}
            onChange={(e) => setFilter((f) => ({ ...f, state: e.currentTarget.value as AdminCouponCampaignFilter['state'] }))}
          >
            <option value="all">전체</option>
            <option value="active">진행 (중지 안 됨)</option>
            <option value="stopped">중지됨</option>
          </select>
        </div>
        <div className="admin-field admin-coupon-filters__go">
          <button type="submit" className="btn btn--dark btn--sm">
            검색
          </button>
        </div>
      </form>
      <AdminListStates query={list} rows={rows.length} empty={<EmptyState title="조건에 맞는 캠페인이 없습니다." />}>
        <ul className="admin-coupon-list" data-testid="admin-coupon-campaigns">
          {rows.map((c) => (
            <CampaignCard key={c.campaignid} campaign={c} today={today} opened={opened === c.campaignid} />
          ))}
        </ul>
      </AdminListStates>
      <LoadMore hasMore={!!list.hasNextPage} loading={list.isFetchingNextPage} onMore={() => void list.fetchNextPage()} />
    </section>
  );
}

function CampaignCard({ campaign: c, today, opened }: { campaign: AdminCouponCampaign; today: string; opened: boolean }) {
  const [issuing, setIssuing] = useState(opened);
  const queryClient = useQueryClient();
  const stop = useMutation({
    mutationFn: () => stopAdminCouponCampaign(c.campaignid),
    onError: (e) => void alertDark(e.message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminCouponKeys.all }),
  });
  const download = useMutation({
    mutationFn: () => downloadAdminCouponCodes(c.campaignid),
    onSuccess: ({ blob, filename }) => {
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = filename;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    },
    onError: (e) => void alertDark(e.message),
  });
  const state = stateText(c, today);
  const live = !c.stoppedat && c.validuntil >= today;
  const askStop = async () => {
    const unused = c.issued - c.used;
    const question = `'${c.name}' 캠페인을 중지할까요? 아직 쓰지 않은 쿠폰 ${unused.toLocaleString('ko-KR')}장을 더는 쓸 수 없게 됩니다. 이미 결제 중인 주문은 그대로 진행됩니다. 중지는 되돌릴 수 없습니다.`;
    if (await confirmDark(question)) stop.mutate();
  };
  return (
    <li className="admin-card admin-coupon-card" data-campaignid={c.campaignid}>
      <div className="admin-coupon-card__head">
        <h3 className="admin-coupon-card__name">{c.name}</h3>
        <span className={`admin-coupon-state admin-coupon-state--${c.stoppedat ? 'stopped' : live ? 'live' : 'ended'}`}>{state}</span>
      </div>
      <p className="admin-coupon-card__terms">
        {discountText(c)} · 최소 주문 {won(c.minprice)} · {scopeText(c)}
      </p>
      <p className="admin-coupon-card__meta">
        {KIND_LABEL[c.kind]} · 사용 기간 {periodText(c)} · {c.createdby}
      </p>
      <dl className="admin-coupon-figures">
        <div>
          <dt>발급</dt>
          <dd>{c.issued.toLocaleString('ko-KR')}</dd>
        </div>
        <div>
          <dt>사용 (결제)</dt>
          <dd>{c.used.toLocaleString('ko-KR')}</dd>
        </div>
        <div>
          <dt>할인 합계</dt>
          <dd>{won(c.discount)}</dd>
        </div>
        <div>
          <dt>환불로 복원</dt>
          <dd>{c.refunded.toLocaleString('ko-KR')}</dd>
        </div>
      </dl>
      <div className="admin-coupon-card__actions">
        {c.kind === 'members' && live && (
          <button type="button" className="btn btn--dark btn--sm" aria-expanded={issuing} onClick={() => setIssuing((v) => !v)}>
            회원에게 발급
          </button>
        )}
        {c.kind === 'codes' && (
          <button type="button" className="btn btn--dark btn--sm" onClick={() => download.mutate()} disabled={download.isPending}>
            {download.isPending ? '내려받는 중…' : '코드 CSV 내려받기'}
          </button>
        )}
        {!c.stoppedat && (
          <button type="button" className="btn btn--sm" onClick={() => void askStop()} disabled={stop.isPending}>
            {stop.isPending ? '중지하는 중…' : '중지'}
          </button>
        )}
      </div>
      {issuing && c.kind === 'members' && live && <IssuePanel campaign={c} />}
    </li>
  );
}

import { useState, type ReactNode } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { RATING_PAGE_SIZE, ratingStarInfoQuery, ratingsQuery, type RatingSortType } from '../../api/queries/ratings';
import { Stars } from '../../components/ui/Stars';
import { Pagination } from '../../components/ui/Pagination';
import { SkeletonBlock } from '../../components/ui/Skeleton';
import { QueryState } from '../../components/section/QueryState';
import { formatDate } from '../../lib/format';

const SORTS: [RatingSortType, string][] = [
  ['recent', '최신순'],
  ['high', '평점 높은순'],
  ['low', '평점 낮은순'],
];

/**
 * Star summary (GetRatingStarInfo) and the paged ratings list (GetRatings) with sort; `children` (the
 * member's own rating panel, composed by the route) sits between the summary and the list.
 */
export function Ratings({ contentsid, children }: { contentsid: number; children?: ReactNode }) {
  const [sortType, setSort] = useState<RatingSortType>('recent');
  const [page, setPage] = useState(1);
  const stars = useQuery(ratingStarInfoQuery(contentsid, sortType));
  const list = useQuery({ ...ratingsQuery({ contentsid, page, sortType }), placeholderData: keepPreviousData });
  return (
    <section className="class-block" id="ratings">
      <h3 className="class-block__title">수강평</h3>
      <QueryState query={stars} fallback={<SkeletonBlock height={120} />}>
        {(info) => (
          <div className="star-summary">
            <div className="star-summary__score">
              <strong>{info.average.toFixed(1)}</strong>
              <Stars score={info.average} />
              <span className="muted">{info.count}개의 수강평</span>
            </div>
            <ul className="star-summary__bars">
              {(['5', '4', '3', '2', '1'] as const).map((k) => {
                const n = info.distribution[k];
                const pct = info.count ? Math.round((n / info.count) * 100) : 0;
                return (
                  <li key={k}>
                    <span>{k}점</span>
                    <span className="bar">
                      <span style={{ width: `${pct}%` }} />
                    </span>
                    <span className="muted">{n}</span>
                  </li>
                );
              })}
            </ul>
          </div>
        )}
      </QueryState>
      {children}
      <div className="rating-sorts" role="group" aria-label="수강평 정렬">
        {SORTS.map(([value, label]) => (
          <button
            key={value}
            type="button"
            className={value === sortType ? 'on' : undefined}
            aria-pressed={value === sortType}
            onClick={() => {
              setSort(value);
              setPage(1);
            }}
          >
            {label}
          </button>
        ))}
      </div>
      <QueryState query={list} fallback={<SkeletonBlock height={160} />}>
        {(ratings) => (
          <>
            {ratings.list.length === 0 && <p className="muted">아직 등록된 수강평이 없습니다.</p>}
            <ul className="rating-list">
              {ratings.list.map((r) => (
                <li key={r.ratingid}>
                  <div className="rating-list__head">
                    <Stars score={r.ratescore} />
                    <span className="muted">
                      {r.username} · {formatDate(r.regdate)}
                    </span>
                    {r.ismine && <span className="rating-list__mine">내 수강평</span>}
                  </div>
                  <p>{r.content}</p>
                </li>
              ))}
            </ul>
            <Pagination page={page} pageSize={RATING_PAGE_SIZE} totalCount={ratings.totalCount} onPage={setPage} />
          </>
        )}
      </QueryState>
    </section>
  );
}

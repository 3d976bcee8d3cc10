import { useQuery } from '@tanstack/react-query';
import { formatCount } from '../../lib/format';
import { statsQuery } from '../../api/queries/stats';
import { QueryState } from '../../components/section/QueryState';

/** Association figures: members, classes, students, average rating. */
export function MainStats() {
  const query = useQuery(statsQuery());
  return (
    <section className="stats" aria-label="협회 현황">
      <h2 className="stats__title">숫자로 보는 필라테스재활협회</h2>
      <QueryState query={query} fallback={<div className="stats--pending" aria-hidden="true" />}>
        {(stats) => (
          <dl className="stats__list">
            {[
              { label: '누적 회원', value: `${formatCount(stats.membercnt)}명` },
              { label: '온라인 클래스', value: `${formatCount(stats.lecturecnt)}개` },
              { label: '누적 수강생', value: `${formatCount(stats.studentcnt)}명` },
              { label: '평균 만족도', value: `${stats.ratingavg.toFixed(1)}점` },
            ].map((i) => (
              <div key={i.label} className="stats__item">
                <dt>{i.label}</dt>
                <dd>{i.value}</dd>
              </div>
            ))}
          </dl>
        )}
      </QueryState>
    </section>
  );
}

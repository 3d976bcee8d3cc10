import { useQuery } from '@tanstack/react-query';
import { formatCount } from '../../lib/format';
import { statsQuery } from '../../api/queries/stats';

/** Association figures: members, classes, students, average rating. */
export function MainStats() {
  const { data } = useQuery(statsQuery());
  if (!data) return <section className="stats stats--pending" aria-hidden="true" />;
  const items = [
    { label: '누적 회원', value: `${formatCount(data.membercnt)}명` },
    { label: '온라인 클래스', value: `${formatCount(data.lecturecnt)}개` },
    { label: '누적 수강생', value: `${formatCount(data.studentcnt)}명` },
    { label: '평균 만족도', value: `${data.ratingavg.toFixed(1)}점` },
  ];
  return (
    <section className="stats" aria-label="협회 현황">
      <h2 className="stats__title">숫자로 보는 필라테스재활협회</h2>
      <dl className="stats__list">
        {items.map((i) => (
          <div key={i.label} className="stats__item">
            <dt>{i.label}</dt>
            <dd>{i.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

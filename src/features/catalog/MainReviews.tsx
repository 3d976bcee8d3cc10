import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { mainReviewsQuery } from '../../api/queries/ratings';
import { Stars } from '../../components/ui/Stars';
import { SkeletonBlock } from '../../components/ui/Skeleton';
import { QueryState } from '../../components/section/QueryState';
import { formatDate } from '../../lib/format';
import { distinctReviews } from './distinctReviews';

/** Latest reviews of members, linking to the reviewed class. */
export function MainReviews() {
  const query = useQuery(mainReviewsQuery());
  if (query.data && query.data.list.length === 0) return null;
  return (
    <section className="section">
      <div className="section__head">
        <h2 className="section__title">
          수강생 <em>리얼 후기</em>
        </h2>
      </div>
      <QueryState query={query} fallback={<SkeletonBlock height={180} />}>
        {(reviews) => (
          <ul className="review-list">
            {distinctReviews(reviews.list).map((r) => (
              <li key={r.reviewid} className="review-card">
                <Stars score={r.ratescore} />
                <p className="review-card__content">{r.content}</p>
                <Link to="/classView/$contentsid" params={{ contentsid: r.contentsid }} className="review-card__lecture">
                  {r.lecturetitle}
                </Link>
                <p className="review-card__meta">
                  {r.username} · {formatDate(r.regdate)}
                </p>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}

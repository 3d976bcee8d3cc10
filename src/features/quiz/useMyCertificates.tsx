import { useQuery } from '@tanstack/react-query';
import { useSessionUser } from '../../auth/sessionStore';
import { myCertificatesQuery } from '../../api/queries/quiz';
import { GENERIC_FAILURE_MESSAGE, isApiError } from '../../api/errors';
import { PageSkeleton } from '../../components/ui/Skeleton';

/** The member's certificates, or what to show instead while they load or when the call fails. */
export function useMyCertificates() {
  const user = useSessionUser();
  const q = useQuery(myCertificatesQuery(user.data?.useruid ?? ''));
  const fallback = q.isPending ? (
    <PageSkeleton lines={6} />
  ) : q.isError ? (
    <section className="route-error" role="alert">
      <h2 className="route-error__title">수료증을 불러오지 못했습니다</h2>
      <p className="route-error__message">{isApiError(q.error) ? q.error.message : GENERIC_FAILURE_MESSAGE}</p>
      <button type="button" className="btn btn--primary" onClick={() => void q.refetch()}>
        다시 시도
      </button>
    </section>
  ) : null;
  return { list: q.data?.list.filter((l) => l.certificate !== null) ?? [], fallback };
}

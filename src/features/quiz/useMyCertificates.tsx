import { useQuery } from '@tanstack/react-query';
import { useSessionUser } from '../../auth/sessionStore';
import { myCertificatesQuery } from '../../api/queries/quiz';
import { SectionFailure } from '../../components/section/SectionFailure';
import { Pending } from '../../components/section/Pending';
import { PageSkeleton } from '../../components/ui/Skeleton';

/** The member's certificates, or what to show instead while they load or when the call fails. */
export function useMyCertificates() {
  const user = useSessionUser();
  const q = useQuery(myCertificatesQuery(user.data?.useruid ?? ''));
  const fallback =
    q.isError && !q.isFetching ? (
      <SectionFailure error={q.error} onRetry={() => void q.refetch()} />
    ) : q.isPending ? (
      <Pending>
        <PageSkeleton lines={6} />
      </Pending>
    ) : null;
  return { list: q.data?.list.filter((l) => l.certificate !== null) ?? [], fallback };
}

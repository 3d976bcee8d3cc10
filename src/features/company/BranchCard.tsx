import type { components } from '../../api/schema.gen';
import { useQuery } from '@tanstack/react-query';
import { branchesQuery } from '../../api/queries/catalog';
import { SkeletonBlock } from '../../components/ui/Skeleton';
import { QueryState } from '../../components/section/QueryState';

type Branch = components['schemas']['Branch'];

/** Seoul branch (GET /api/Online/GetBranch/Seoul): address, phone, hours and a map link. */
export function BranchList() {
  const query = useQuery(branchesQuery());
  return (
    <QueryState query={query} fallback={<SkeletonBlock height={140} />}>
      {(branches) => <Branches branches={branches} />}
    </QueryState>
  );
}

function Branches({ branches: data }: { branches: Branch[] }) {
  if (data.length === 0) return <p className="muted">등록된 지점이 없습니다.</p>;
  return (
    <ul className="branch-list">
      {data.map((b) => {
        const map = `https://map.naver.com/p/search/${encodeURIComponent(b.address)}`;
        return (
          <li key={b.branchid} className="branch-card" data-testid="branch-card">
            <h4>{b.name}</h4>
            <dl>
              <div>
                <dt>주소</dt>
                <dd>{b.address}</dd>
              </div>
              <div>
                <dt>전화</dt>
                <dd>
                  <a href={`tel:${b.phone.replace(/[^\d+]/g, '')}`}>{b.phone}</a>
                </dd>
              </div>
              <div>
                <dt>운영시간</dt>
                <dd>{b.openhours}</dd>
              </div>
            </dl>
            <a className="btn btn--sm" href={map} target="_blank" rel="noreferrer">
              지도에서 보기
            </a>
          </li>
        );
      })}
    </ul>
  );
}

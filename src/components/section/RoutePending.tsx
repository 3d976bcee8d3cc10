// @first-paint: travels in the first chunk with the libraries (vite.config.ts)
import { PageSkeleton } from '../ui/Skeleton';
import { Pending } from './Pending';

/** The router's default while a route's code or data loads: a page-shaped skeleton, then "불러오는 중입니다…". */
export function RoutePending() {
  return (
    <div className="page">
      <Pending>
        <PageSkeleton />
      </Pending>
    </div>
  );
}

// @first-paint: travels in the first chunk with the libraries (vite.config.ts)
import './ui.css';
/** Grey placeholder blocks shown while a route or a section loads: never a spinner on white. */
export function SkeletonBlock({ height = 16, width = '100%', radius }: { height?: number | string; width?: number | string; radius?: number }) {
  return <span className="skeleton" style={{ height, width, borderRadius: radius }} aria-hidden="true" />;
}

export function LectureGridSkeleton({ count = 8 }: { count?: number }) {
  return (
    // A named group: axe refuses aria-label on a div with no role (seen once the late-notice state was checked).
    <div className="lecture-grid" role="group" aria-busy="true" aria-label="불러오는 중">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="lecture-card lecture-card--skeleton">
          <span className="skeleton lecture-card__thumb" />
          <div className="lecture-card__body">
            <SkeletonBlock height={12} width="40%" />
            <SkeletonBlock height={18} />
            <SkeletonBlock height={14} width="60%" />
          </div>
        </div>
      ))}
    </div>
  );
}

/** A page-shaped skeleton: title bar, then lines. */
export function PageSkeleton({ lines = 6 }: { lines?: number }) {
  return (
    <div className="page-skeleton" aria-busy="true" aria-label="불러오는 중">
      <SkeletonBlock height={28} width="40%" />
      {Array.from({ length: lines }, (_, i) => (
        <SkeletonBlock key={i} height={18} width={i % 3 === 2 ? '70%' : '100%'} />
      ))}
    </div>
  );
}

import { Link } from '@tanstack/react-router';

/** The classroom's own tabs, shared by its list pages. */
export function ClassroomTabs() {
  return (
    <nav className="classroom-tabs" aria-label="내 강의실">
      <Link to="/myclass" activeProps={{ className: 'on', 'aria-current': 'page' }}>
        수강중
      </Link>
      <Link to="/myclassEnd" activeProps={{ className: 'on', 'aria-current': 'page' }}>
        종료
      </Link>
      <Link to="/myBookmark" activeProps={{ className: 'on', 'aria-current': 'page' }}>
        북마크
      </Link>
      <Link to="/myEbook" activeProps={{ className: 'on', 'aria-current': 'page' }}>
        전자책·자료
      </Link>
    </nav>
  );
}

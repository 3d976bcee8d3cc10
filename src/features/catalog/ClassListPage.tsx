import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import {
  LECTURE_PAGE_SIZE,
  LECTURE_SORTS,
  menuCategoriesQuery,
  onlineLecturesQuery,
  type LectureSortType,
} from '../../api/queries/catalog';
import { LectureGrid } from '../../components/ui/LectureCard';
import { Pagination } from '../../components/ui/Pagination';
import { EmptyState } from '../../components/ui/EmptyState';
import { LectureGridSkeleton } from '../../components/ui/Skeleton';
import { Section } from '../../components/section/Section';
import { categoryPath, childrenOf } from '../../lib/categories';
import './catalog.css';

/** The sort choices as the page names them (the route reads the sort itself: classListSearch.ts). */
const SORT_LABELS: Record<LectureSortType, string> = {
  recent: '최신순',
  popular: '인기순',
  rating: '평점순',
  pricelow: '낮은 가격순',
  pricehigh: '높은 가격순',
};

interface ClassListPageProps {
  categoryid: number;
  pcategoryid: number;
  sort: LectureSortType;
  page: number;
  onChange: (next: { sort?: LectureSortType; page?: number }) => void;
}

/**
 * /classList/$categoryid/$pcategoryid: breadcrumb, sub-categories, sort, lecture grid, paging. The lectures are
 * one section: when they fail, the categories and the sort stay usable.
 */
export function ClassListPage({ categoryid, pcategoryid, sort, page, onChange }: ClassListPageProps) {
  const categories = useQuery(menuCategoriesQuery()).data ?? [];
  const path = categoryPath(categories, categoryid);
  const here = path.at(-1);
  const subs = childrenOf(categories, categoryid);
  const parent = path.at(-2);
  const siblings = subs.length === 0 && parent ? childrenOf(categories, parent.categoryid) : subs;

  return (
    <div className="page class-list">
      <ol className="breadcrumb" aria-label="카테고리 경로">
        <li>
          <Link to="/main">홈</Link>
        </li>
        {path.map((c) => (
          <li key={c.categoryid}>
            <Link to="/classList/$categoryid/$pcategoryid" params={{ categoryid: c.categoryid, pcategoryid: c.pcategoryid }}>
              {c.ctgrname}
            </Link>
          </li>
        ))}
      </ol>
      <h1 className="page__title">{here?.ctgrname ?? '클래스'}</h1>
      {siblings.length > 0 && (
        <ul className="chip-list" aria-label="하위 카테고리">
          {siblings.map((c) => (
            <li key={c.categoryid}>
              <Link
                to="/classList/$categoryid/$pcategoryid"
                params={{ categoryid: c.categoryid, pcategoryid: c.pcategoryid }}
                className={c.categoryid === categoryid ? 'chip on' : 'chip'}
              >
                {c.ctgrname}
              </Link>
            </li>
          ))}
        </ul>
      )}
      <div className="list-toolbar">
        <label className="sort-select">
          <span className="sr-only">정렬</span>
          <select value={sort} onChange={(e) => onChange({ sort: e.target.value as LectureSortType, page: 1 })} aria-label="정렬">
            {LECTURE_SORTS.map((s) => (
              <option key={s} value={s}>
                {SORT_LABELS[s]}
              </option>
            ))}
          </select>
        </label>
      </div>
      <Section resetKey={`${categoryid}/${pcategoryid}/${sort}/${page}`} fallback={<LectureGridSkeleton count={8} />}>
        <ClassListLectures
          categoryid={categoryid}
          pcategoryid={pcategoryid}
          sort={sort}
          page={page}
          onPage={(p) => onChange({ page: p })}
        />
      </Section>
    </div>
  );
}

function ClassListLectures({
  categoryid,
  pcategoryid,
  sort,
  page,
  onPage,
}: Omit<ClassListPageProps, 'onChange'> & { onPage: (page: number) => void }) {
  const { data } = useSuspenseQuery(onlineLecturesQuery({ page, categoryid, pcategoryid, sortType: sort }));
  return (
    <>
      <p className="page__lead">
        총 <strong className="accent">{data.totalCount}</strong>개의 클래스
      </p>
      {data.list.length === 0 ? (
        <EmptyState title="이 카테고리에 등록된 클래스가 없습니다." hint="다른 카테고리를 둘러보세요." />
      ) : (
        <section aria-labelledby="class-list-heading">
          {/* The cards' titles are h3: this keeps the outline h1 → h2 → h3 for screen readers. */}
          <h2 id="class-list-heading" className="sr-only">
            클래스 목록
          </h2>
          <LectureGrid lectures={data.list} eagerCount={4} />
        </section>
      )}
      <Pagination page={page} pageSize={LECTURE_PAGE_SIZE} totalCount={data.totalCount} onPage={onPage} />
    </>
  );
}

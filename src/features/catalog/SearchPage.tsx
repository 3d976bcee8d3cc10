import { useQuery, useSuspenseQuery, type UseQueryResult } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { LECTURE_PAGE_SIZE, onlineLecturesQuery } from '../../api/queries/catalog';
import { noticesQuery, type fetchNotices } from '../../api/queries/board';
import { LectureGrid } from '../../components/ui/LectureCard';
import { Pagination } from '../../components/ui/Pagination';
import { EmptyState } from '../../components/ui/EmptyState';
import { LectureGridSkeleton, SkeletonBlock } from '../../components/ui/Skeleton';
import { Section } from '../../components/section/Section';
import { QueryState } from '../../components/section/QueryState';
import { formatDate } from '../../lib/format';
import { searchCount } from '../../../rules/search';
import './catalog.css';

interface SearchPageProps {
  schtext: string;
  page: number;
  onPage: (page: number) => void;
}

type NoticesResult = UseQueryResult<Awaited<ReturnType<typeof fetchNotices>>>;

/** /search?schtext=: lectures matching the text, then matching notices; each list fails on its own. */
export function SearchPage({ schtext, page, onPage }: SearchPageProps) {
  const notices = useQuery({ ...noticesQuery({ page: 1, schtext }), enabled: schtext !== '' });
  return (
    <div className="page search-page">
      <h1 className="page__title">
        {schtext ? (
          <>
            <span className="accent">‘{schtext}’</span> 검색 결과
          </>
        ) : (
          '통합검색'
        )}
      </h1>
      <Section resetKey={`${schtext}/${page}`} fallback={<LectureGridSkeleton count={8} />}>
        <SearchResults schtext={schtext} page={page} onPage={onPage} notices={notices} />
      </Section>
    </div>
  );
}

function SearchResults({ schtext, page, onPage, notices }: SearchPageProps & { notices: NoticesResult }) {
  const { data: lectures } = useSuspenseQuery(onlineLecturesQuery({ page, schtext }));
  const noticeList = notices.data?.list ?? [];
  const nothing = lectures.totalCount === 0 && noticeList.length === 0 && notices.isSuccess;

  return (
    <>
      <p className="page__lead" data-testid="search-summary">
        클래스 {searchCount(lectures.totalCount)}{schtext && notices.data ? ` · 공지사항 ${noticeList.length}개` : ''}
      </p>
      {nothing ? (
        <EmptyState
          title={`‘${schtext}’에 대한 검색 결과가 없습니다.`}
          hint="검색어의 철자를 확인하거나 다른 검색어로 찾아보세요."
        >
          <Link to="/main" className="btn btn--sm">
            메인으로
          </Link>
        </EmptyState>
      ) : (
        <>
          {lectures.list.length === 0 && lectures.totalCount > 0 && (
            // A page past the matches (an old link, or past the 1,000 a search reaches): say so, and offer the first.
            <section className="section section--first">
              <EmptyState title="이 페이지에는 검색 결과가 없습니다." hint="앞 페이지에서 검색 결과를 확인하세요.">
                <button type="button" className="btn btn--sm" onClick={() => onPage(1)}>
                  첫 페이지로
                </button>
              </EmptyState>
            </section>
          )}
          {lectures.list.length > 0 && (
            <section className="section section--first">
              <div className="section__head">
                <h2 className="section__title">클래스</h2>
              </div>
              <LectureGrid lectures={lectures.list} eagerCount={4} />
              <Pagination page={page} pageSize={LECTURE_PAGE_SIZE} totalCount={lectures.totalCount} onPage={onPage} />
            </section>
          )}
          {schtext !== '' && noticeList.length + (notices.isSuccess ? 0 : 1) > 0 && (
            <section className="section">
              <div className="section__head">
                <h2 className="section__title">공지사항</h2>
              </div>
              <QueryState query={notices} fallback={<SkeletonBlock height={80} />}>
                {(found) => (
                  <ul className="search-notices">
                    {found.list.map((n) => (
                      <li key={n.noticeid}>
                        <Link to="/noticeView/$noticeid" params={{ noticeid: n.noticeid }}>
                          {n.title}
                        </Link>
                        <span className="muted">{formatDate(n.regdate)}</span>
                      </li>
                    ))}
                  </ul>
                )}
              </QueryState>
            </section>
          )}
        </>
      )}
    </>
  );
}

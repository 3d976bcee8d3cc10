import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { NOTICE_PAGE_SIZE, noticesQuery } from '../../api/queries/board';
import { Pagination } from '../../components/ui/Pagination';
import { Tabs } from '../../components/ui/Tabs';
import { EmptyState } from '../../components/ui/EmptyState';
import { PageSkeleton } from '../../components/ui/Skeleton';
import { Section } from '../../components/section/Section';
import { formatDate } from '../../lib/format';
import { isnoticeOf, type NoticeKind } from './noticeKind';
import './board.css';
import { ClipIcon } from './ClipIcon';

interface NoticeListPageProps {
  kind: NoticeKind;
  page: number;
  onChange: (next: { kind?: NoticeKind; page?: number }) => void;
}

const KINDS: [NoticeKind, string][] = [
  ['notice', '공지사항'],
  ['news', '뉴스·이벤트'],
];

/** /notice: pinned notices first, then the rest, paged; a second tab lists news and events. The tabs stay usable when the list fails. */
export function NoticeListPage({ kind, page, onChange }: NoticeListPageProps) {
  return (
    <div className="page board">
      <Tabs label="게시판" className="board-tabs" tabs={KINDS} selected={kind} onSelect={(k) => onChange({ kind: k, page: 1 })} />
      <Section resetKey={`${kind}/${page}`} fallback={<PageSkeleton lines={10} />}>
        <NoticeList kind={kind} page={page} onPage={(p) => onChange({ page: p })} />
      </Section>
    </div>
  );
}

function NoticeList({ kind, page, onPage }: { kind: NoticeKind; page: number; onPage: (page: number) => void }) {
  const { data } = useSuspenseQuery(noticesQuery({ page, isnotice: isnoticeOf(kind) }));
  return (
    <>
      <p className="board-count">
        전체 <strong>{data.totalCount}</strong>건
      </p>
      {data.list.length === 0 ? (
        <EmptyState title="등록된 게시글이 없습니다." />
      ) : (
        <ul className="board-list" data-testid="notice-list">
          {data.list.map((n, i) => (
            <li key={n.noticeid} className={n.istop ? 'is-top' : undefined}>
              <span className="board-list__no">
                {n.istop ? <em className="pin">공지</em> : data.totalCount - (page - 1) * NOTICE_PAGE_SIZE - i}
              </span>
              <Link to="/noticeView/$noticeid" params={{ noticeid: n.noticeid }} className="board-list__title">
                {n.title}
                {n.files.length > 0 && (
                  <span className="clip" role="img" aria-label="첨부파일 있음">
                    <ClipIcon size={15} />
                  </span>
                )}
              </Link>
              <span className="board-list__meta">
                {formatDate(n.regdate)}
                <span className="hide-sm"> · 조회 {n.viewcnt}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page} pageSize={NOTICE_PAGE_SIZE} totalCount={data.totalCount} onPage={onPage} />
    </>
  );
}

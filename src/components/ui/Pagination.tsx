import './ui.css';
interface PaginationProps {
  page: number;
  pageSize: number;
  totalCount: number;
  onPage: (page: number) => void;
}

const WINDOW = 5;

/** Numbered pages with 이전 / 다음; renders nothing for a single page. */
export function Pagination({ page, pageSize, totalCount, onPage }: PaginationProps) {
  const last = Math.max(1, Math.ceil(totalCount / pageSize));
  if (last <= 1) return null;
  const start = Math.max(1, Math.min(page - Math.floor(WINDOW / 2), last - WINDOW + 1));
  const pages = Array.from({ length: Math.min(WINDOW, last) }, (_, i) => start + i);
  return (
    <nav className="pagination" aria-label="페이지">
      <button type="button" onClick={() => onPage(page - 1)} disabled={page <= 1} aria-label="이전 페이지">
        ‹
      </button>
      {pages.map((p) => (
        <button key={p} type="button" onClick={() => onPage(p)} aria-current={p === page ? 'page' : undefined} className={p === page ? 'on' : undefined}>
          {p}
        </button>
      ))}
      <button type="button" onClick={() => onPage(page + 1)} disabled={page >= last} aria-label="다음 페이지">
        ›
      </button>
    </nav>
  );
}

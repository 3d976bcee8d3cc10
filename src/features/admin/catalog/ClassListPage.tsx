import { useMemo, useState } from 'react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { adminCategoriesQuery, adminClassesQuery, type AdminClassFilter, type AdminClassState, type AdminClassSummary } from '../../../api/queries/admin-catalog';
import { formatCount, formatWon } from '../../../lib/format';
import { formatDateTimeKst } from '../../../lib/formatDateTime';
import { EmptyState } from '../../../components/ui/EmptyState';
import { adminLink } from '../shell/adminPaths';
import { AdminListStates, AdminPageHead, LoadMore } from '../shell/AdminParts';
import { canManageClasses } from '../shell/roles';
import { useAdminMe } from '../shell/useAdminMe';
import { useAdminTitle } from '../shell/useAdminTitle';
import { categoryOptions } from './categoryTree';
import { STATE_LABEL, StateBadge } from './StateBadge';

const STATES: AdminClassState[] = ['draft', 'scheduled', 'published', 'hidden'];

/** 클래스: every class in every state (an instructor's own only), searched, filtered, sorted, a page at a time. */
export function ClassListPage() {
  useAdminTitle('클래스');
  const me = useAdminMe();
  const [typed, setTyped] = useState('');
  const [filter, setFilter] = useState<AdminClassFilter>({ sort: 'recent' });
  const classes = useInfiniteQuery(adminClassesQuery(filter));
  const categories = useQuery(adminCategoriesQuery());
  const options = useMemo(() => categoryOptions(categories.data ?? []), [categories.data]);
  const rows = classes.data?.pages.flatMap((p) => p.list) ?? [];
  const set = (change: Partial<AdminClassFilter>) =>
    setFilter((f) => {
      const next: AdminClassFilter = { ...f, ...change };
      for (const key of Object.keys(next) as (keyof AdminClassFilter)[]) if (next[key] === undefined || next[key] === '') delete next[key];
      return next;
    });

  return (
    <>
      <AdminPageHead
        title="클래스"
        lead={me.role === 'instructor' ? `${me.teachername ?? me.name} 님이 담당하는 클래스입니다.` : '모든 상태의 클래스를 찾고 관리합니다.'}
      >
        {canManageClasses(me.role) && (
          <Link {...adminLink('classes/new')} className="btn btn--primary btn--sm">
            새 클래스
          </Link>
        )}
      </AdminPageHead>
      <div className="admin-filters" role="search" aria-label="클래스 찾기">
        <form
          className="admin-field"
          onSubmit={(e) => {
            e.preventDefault();
            set({ q: typed.trim() || undefined });
          }}
        >
          <label htmlFor="class-q">검색</label>
          <div className="admin-search">
            <input id="class-q" type="search" value={typed} maxLength={100} placeholder="제목 또는 강사" onChange={(e) => setTyped(e.currentTarget.value)} />
            <button type="submit" className="btn btn--sm btn--dark">
              검색
            </button>
          </div>
        </form>
        <div className="admin-field">
          <label htmlFor="class-state">상태</label>
          <select id="class-state" value={filter.state ?? ''} onChange={(e) => set({ state: (e.currentTarget.value || undefined) as AdminClassState | undefined })}>
            <option value="">전체</option>
            {STATES.map((s) => (
              <option key={s} value={s}>
                {STATE_LABEL[s]}
              </option>
            ))}
          </select>
        </div>
        <div className="admin-field">
          <label htmlFor="class-category">카테고리</label>
          <select id="class-category" value={filter.categoryid ?? ''} onChange={(e) => set({ categoryid: Number(e.currentTarget.value) || undefined })}>
            <option value="">전체</option>
            {options.map((o) => (
              <option key={o.categoryid} value={o.categoryid}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
        <div className="admin-field">
          <label htmlFor="class-sort">정렬</label>
          <select id="class-sort" value={filter.sort ?? 'recent'} onChange={(e) => set({ sort: e.currentTarget.value as 'recent' | 'title' })}>
            <option value="recent">최신순</option>
            <option value="title">제목순</option>
          </select>
        </div>
      </div>

      <AdminListStates query={classes} rows={rows.length} empty={<EmptyState title="조건에 맞는 클래스가 없습니다." hint="검색어나 필터를 바꿔보세요." />}>
        <table className="admin-table" data-testid="admin-class-table">
          <thead>
            <tr>
              <th scope="col">클래스</th>
              <th scope="col">카테고리</th>
              <th scope="col">상태</th>
              <th scope="col" className="num">가격</th>
              <th scope="col" className="num">강의</th>
              <th scope="col" className="num">수강생</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((c) => (
              <tr key={c.contentsid} data-contentsid={c.contentsid}>
                <td className="admin-table__lead">
                  <span>
                    <Link {...adminLink(`classes/${c.contentsid}`)} className="admin-table__title">
                      {c.title}
                    </Link>
                    <span className="admin-table__sub">
                      {c.teacher} · #{c.contentsid}
                    </span>
                  </span>
                </td>
                <td data-label="카테고리">{c.categoryname}</td>
                <td data-label="상태">
                  <span>
                    <StateBadge state={c.state} />
                    {c.state === 'scheduled' && c.publishat && <span className="admin-table__sub">{formatDateTimeKst(c.publishat)} 게시</span>}
                  </span>
                </td>
                <td data-label="가격" className="num">
                  <PriceCell c={c} />
                </td>
                <td data-label="강의" className="num">
                  {formatCount(c.lecturecount)}개
                </td>
                <td data-label="수강생" className="num">
                  {formatCount(c.enrolled)}명
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </AdminListStates>
      <LoadMore hasMore={!!classes.hasNextPage} loading={classes.isFetchingNextPage} onMore={() => void classes.fetchNextPage()} />
    </>
  );
}

/** 정가, or the sale price over the struck-through price; 무료 for a free class. */
function PriceCell({ c }: { c: AdminClassSummary }) {
  if (c.price === 0) return <>무료</>;
  if (c.saleprice >= c.price) return <>{formatWon(c.price)}</>;
  return (
    <span>
      {formatWon(c.saleprice)}
      <span className="admin-table__sub">
        <s>{formatWon(c.price)}</s>
      </span>
    </span>
  );
}

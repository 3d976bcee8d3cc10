import { useState } from 'react';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { adminBoardKeys, adminNoticesQuery, deleteAdminNotice, type Notice } from '../../../api/queries/admin-board';
import { boardKeys } from '../../../api/queries/board';
import { formatCount, formatDate } from '../../../lib/format';
import { alertError, confirmDark } from '../../../lib/popup';
import { EmptyState } from '../../../components/ui/EmptyState';
import { AdminListStates, AdminPageHead, AdminRefusal, LoadMore } from '../shell/AdminParts';
import { canUse } from '../shell/roles';
import { useAdminMe } from '../shell/useAdminMe';
import { useAdminTitle } from '../shell/useAdminTitle';
import { NoticeForm } from './NoticeForm';

/** 공지사항: search, a page at a time, write, change and delete (owner and operators). */
export function NoticesPage() {
  useAdminTitle('공지사항');
  const me = useAdminMe();
  if (!canUse(me.role, 'notices')) return <AdminRefusal message="공지사항은 운영자만 관리할 수 있습니다." />;
  return <Notices />;
}

function Notices() {
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  // null: no form; 'new': a new notice; a notice: that one's form.
  const [editing, setEditing] = useState<Notice | 'new' | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const notices = useInfiniteQuery(adminNoticesQuery(q));
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: (n: Notice) => deleteAdminNotice(n.noticeid),
    onSuccess: async () => {
      setDone('공지를 삭제했습니다.');
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminBoardKeys.noticesAll }),
        queryClient.invalidateQueries({ queryKey: boardKeys.all }),
      ]);
    },
    onError: (e) => void alertError(e),
  });
  const rows = notices.data?.pages.flatMap((p) => p.list) ?? [];
  const open = (n: Notice | 'new') => {
    setDone(null);
    setEditing(n);
    window.scrollTo(0, 0);
  };

  return (
    <>
      <AdminPageHead title="공지사항" lead="스토어의 공지사항과 소식을 관리합니다.">
        <button type="button" className="btn btn--primary btn--sm" onClick={() => open('new')} disabled={editing !== null}>
          새 공지
        </button>
      </AdminPageHead>
      {editing !== null && (
        <NoticeForm
          key={editing === 'new' ? 'new' : editing.noticeid}
          notice={editing === 'new' ? null : editing}
          onDone={(message) => {
            setEditing(null);
            setDone(message);
          }}
        />
      )}
      {done && (
        <p className="admin-notice" role="status">
          {done}
        </p>
      )}
      <form
        className="admin-search admin-search--bar"
        role="search"
        aria-label="공지 찾기"
        onSubmit={(e) => {
          e.preventDefault();
          setQ(typed.trim());
        }}
      >
        <label htmlFor="notice-q" className="visually-hidden">
          공지 검색
        </label>
        <input id="notice-q" type="search" value={typed} maxLength={100} placeholder="제목 또는 내용" onChange={(e) => setTyped(e.currentTarget.value)} />
        <button type="submit" className="btn btn--sm btn--dark">
          검색
        </button>
      </form>
      <AdminListStates query={notices} rows={rows.length} empty={<EmptyState title={q ? '검색 결과가 없습니다.' : '등록된 공지가 없습니다.'} />}>
        <table className="admin-table" data-testid="admin-notice-table">
          <thead>
            <tr>
              <th scope="col">제목</th>
              <th scope="col">구분</th>
              <th scope="col">작성일</th>
              <th scope="col" className="num">조회</th>
              <th scope="col">
                <span className="visually-hidden">관리</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((n) => (
              <tr key={n.noticeid} data-noticeid={n.noticeid}>
                <td className="admin-table__lead">
                  <span>
                    {n.istop && <span className="admin-badge admin-badge--accent">고정</span>}{' '}
                    <a href={`/noticeView/${n.noticeid}`} className="admin-table__title" target="_blank" rel="noreferrer">
                      {n.title}
                    </a>
                  </span>
                </td>
                <td data-label="구분">{n.isnotice === -1 ? '소식' : '공지'}</td>
                <td data-label="작성일">{formatDate(n.regdate)}</td>
                <td data-label="조회" className="num">
                  {formatCount(n.viewcnt)}
                </td>
                <td>
                  <span className="admin-table__actions">
                    <button type="button" className="btn btn--sm" onClick={() => open(n)} aria-label={`「${n.title}」 수정`}>
                      수정
                    </button>
                    <button
                      type="button"
                      className="btn btn--sm"
                      aria-label={`「${n.title}」 삭제`}
                      disabled={remove.isPending}
                      onClick={async () => {
                        if (await confirmDark(`「${n.title}」 공지를 삭제할까요? 되돌릴 수 없습니다.`)) remove.mutate(n);
                      }}
                    >
                      삭제
                    </button>
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </AdminListStates>
      <LoadMore hasMore={!!notices.hasNextPage} loading={notices.isFetchingNextPage} onMore={() => void notices.fetchNextPage()} />
    </>
  );
}

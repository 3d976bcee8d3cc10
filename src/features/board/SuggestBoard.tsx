import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { SUGGEST_PAGE_SIZE, suggestsQuery } from '../../api/queries/board';
import { useSessionUser } from '../../auth/sessionStore';
import { Pagination } from '../../components/ui/Pagination';
import { EmptyState } from '../../components/ui/EmptyState';
import { QueryState } from '../../components/section/QueryState';
import { SkeletonBlock } from '../../components/ui/Skeleton';
import { ClipIcon } from './ClipIcon';
import { formatDate } from '../../lib/format';
import { SuggestForm } from './SuggestForm';
import { SuggestView } from './SuggestView';

type Mode = { kind: 'list' } | { kind: 'write' } | { kind: 'view'; suggestid: number };

/** 1:1 문의: members list, write, view and delete their suggestions; visitors get a sign-in prompt. */
export function SuggestBoard() {
  const user = useSessionUser();
  if (!user.loggedIn || !user.data) {
    return (
      <section className="suggest-board" aria-labelledby="suggest-title">
        <h2 id="suggest-title" className="board-heading">
          1:1 문의
        </h2>
        <EmptyState title="로그인 후 1:1 문의를 남길 수 있습니다." hint="문의 내역과 답변도 로그인 후 확인할 수 있어요.">
          <Link to="/login" className="btn btn--primary btn--sm">
            로그인하기
          </Link>
        </EmptyState>
      </section>
    );
  }
  return <MemberSuggests useruid={user.data.useruid} />;
}

function MemberSuggests({ useruid }: { useruid: string }) {
  const [mode, setMode] = useState<Mode>({ kind: 'list' });
  const [page, setPage] = useState(1);
  const list = useQuery({ ...suggestsQuery({ page, useruid }), placeholderData: keepPreviousData });
  return (
    <section className="suggest-board" aria-labelledby="suggest-title">
      <div className="board-heading-row">
        <h2 id="suggest-title" className="board-heading">
          1:1 문의
        </h2>
        {mode.kind === 'list' && (
          <button type="button" className="btn btn--primary btn--sm" onClick={() => setMode({ kind: 'write' })}>
            문의하기
          </button>
        )}
      </div>
      {mode.kind === 'write' && (
        <>
          <SuggestForm useruid={useruid} onSaved={(suggestid) => setMode({ kind: 'view', suggestid })} />
          <button type="button" className="btn btn--sm back-btn" onClick={() => setMode({ kind: 'list' })}>
            취소
          </button>
        </>
      )}
      {mode.kind === 'view' && (
        <SuggestView suggestid={mode.suggestid} useruid={useruid} onClose={() => setMode({ kind: 'list' })} />
      )}
      {mode.kind === 'list' && (
        <QueryState query={list} fallback={<SkeletonBlock height={160} />}>
          {(suggests) =>
            suggests.list.length === 0 ? (
              <EmptyState title="등록된 문의가 없습니다." hint="궁금한 점을 남겨주시면 빠르게 답변드릴게요." />
            ) : (
              <>
                <ul className="board-list" data-testid="suggest-list">
                  {suggests.list.map((s) => (
                    <li key={s.suggestid}>
                      <span className={`status status--${s.status}`}>{s.status === 'answered' ? '답변완료' : '답변대기'}</span>
                      <button
                        type="button"
                        className="board-list__title"
                        onClick={() => setMode({ kind: 'view', suggestid: s.suggestid })}
                      >
                        <span className="badge">{s.typename}</span> {s.title}
                        {(s.files?.length ?? 0) > 0 && (
                          <span className="clip" role="img" aria-label="첨부파일 있음">
                            <ClipIcon size={15} />
                          </span>
                        )}
                      </button>
                      <span className="board-list__meta">{formatDate(s.regdate)}</span>
                    </li>
                  ))}
                </ul>
                <Pagination page={page} pageSize={SUGGEST_PAGE_SIZE} totalCount={suggests.totalCount} onPage={setPage} />
              </>
            )
          }
        </QueryState>
      )}
    </section>
  );
}

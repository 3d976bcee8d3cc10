import { useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { QNA_PAGE_SIZE, classroomKeys, qnaListQuery } from '../../api/queries/classroom-lectures';
import { QueryState } from '../../components/section/QueryState';
import { useSessionUser } from '../../auth/sessionStore';
import { Pagination } from '../../components/ui/Pagination';
import { QnaForm } from './QnaForm';
import { QnaItem } from './QnaItem';
import './qna.css';

/**
 * The lecture's Q&A: list (all, or "내 질문만"), paging and the question form. Self-contained so both
 * /myclassProgress and the player's Q&A tab mount it with only the class id.
 */
export function LectureQna({ contentsid }: { contentsid: number }) {
  const useruid = useSessionUser().data?.useruid ?? '';
  const queryClient = useQueryClient();
  const [onlyMine, setOnlyMine] = useState(false);
  const [page, setPage] = useState(1);
  const list = useQuery({
    ...qnaListQuery(contentsid, useruid, onlyMine, page),
    enabled: Boolean(useruid),
    placeholderData: keepPreviousData,
  });

  const saved = () => {
    setPage(1);
    void queryClient.invalidateQueries({ queryKey: classroomKeys.qna(contentsid, useruid) });
  };

  return (
    <section className="lecture-qna" aria-label="강의 Q&A">
      <QnaForm contentsid={contentsid} useruid={useruid} onSaved={saved} />
      <div className="lecture-qna__bar">
        <span>
          질문 <b data-testid="qna-count">{list.data?.totalCount ?? 0}</b>개
        </span>
        <label className="qna-check">
          <input
            type="checkbox"
            checked={onlyMine}
            onChange={(e) => {
              setOnlyMine(e.target.checked);
              setPage(1);
            }}
          />{' '}
          내 질문만
        </label>
      </div>
      <QueryState query={list} fallback={<p className="muted">질문을 불러오는 중입니다…</p>}>
        {(questions) =>
          questions.list.length === 0 ? (
            <p className="lecture-qna__empty">
              {onlyMine ? '아직 남긴 질문이 없습니다.' : '아직 질문이 없습니다. 첫 질문을 남겨보세요.'}
            </p>
          ) : (
            <ul className="qna-list">
              {questions.list.map((item) => (
                <QnaItem key={item.qnaid} item={item} />
              ))}
            </ul>
          )
        }
      </QueryState>
      {list.data && <Pagination page={page} pageSize={QNA_PAGE_SIZE} totalCount={list.data.totalCount} onPage={setPage} />}
    </section>
  );
}

import { useMemo, useState } from 'react';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  adminInboxKeys,
  adminQuestionsQuery,
  answerAdminQuestion,
  type AdminQuestion,
  type AdminQuestionFilter,
  type InboxStatus,
} from '../../../api/queries/admin-inbox';
import { formatDateTimeKst } from '../../../lib/formatDateTime';
import { EmptyState } from '../../../components/ui/EmptyState';
import { SafeHtml } from '../../../components/ui/SafeHtml';
import { MemberText } from '../../../components/ui/MemberText';
import { AdminListStates, AdminPageHead, AdminRefusal, LoadMore } from '../shell/AdminParts';
import { canUse } from '../shell/roles';
import { useAdminMe } from '../shell/useAdminMe';
import { useAdminTitle } from '../shell/useAdminTitle';
import { AnswerEditor } from './AnswerEditor';
import { checkAnswer, QUESTION_STATUS, type AnswerValues } from './inboxFields';
import './inbox.css';

const SAVED = '답변을 저장했습니다. 회원은 강의 플레이어의 Q&A 탭에서 바로 읽을 수 있고, 첫 답변은 메일로 한 번 알립니다.';

/** 문의 (Q&A): members' questions about classes, unanswered first; the class's instructor or an operator answers. */
export function QuestionsPage() {
  useAdminTitle('문의 (Q&A)');
  const me = useAdminMe();
  if (!canUse(me.role, 'questions')) return <AdminRefusal message="문의는 운영진만 볼 수 있습니다." />;
  return <Questions instructor={me.role === 'instructor'} />;
}

function Questions({ instructor }: { instructor: boolean }) {
  const [status, setStatus] = useState<InboxStatus | ''>('');
  const [onlyClass, setOnlyClass] = useState<{ contentsid: number; title: string } | null>(null);
  const filter = useMemo<AdminQuestionFilter>(
    () => ({ ...(status ? { status } : {}), ...(onlyClass ? { contentsid: onlyClass.contentsid } : {}) }),
    [status, onlyClass],
  );
  const questions = useInfiniteQuery(adminQuestionsQuery(filter));
  const rows = useMemo(() => questions.data?.pages.flatMap((p) => p.list) ?? [], [questions.data]);
  const [editing, setEditing] = useState<number | null>(null);
  const [done, setDone] = useState<string | null>(null);

  return (
    <>
      <AdminPageHead
        title="문의 (Q&A)"
        lead={`회원이 강의 플레이어의 Q&A 탭에 남긴 질문입니다. 답변하지 않은 질문이 먼저 보입니다.${instructor ? ' 담당하는 클래스의 질문만 보입니다.' : ''}`}
      />
      <div className="admin-audit-filters inbox-filters" role="search" aria-label="문의 찾기">
        <div className="admin-field">
          <label htmlFor="question-status">상태</label>
          <select id="question-status" value={status} onChange={(e) => setStatus(e.currentTarget.value as InboxStatus | '')}>
            <option value="">전체 (답변 대기 먼저)</option>
            <option value="waiting">{QUESTION_STATUS.waiting}</option>
            <option value="answered">{QUESTION_STATUS.answered}</option>
          </select>
        </div>
        {onlyClass && (
          <p className="inbox-filters__class">
            <span>
              「{onlyClass.title}」 클래스만 보는 중
            </span>
            <button type="button" className="btn btn--sm" onClick={() => setOnlyClass(null)}>
              모든 클래스 보기
            </button>
          </p>
        )}
      </div>
      {done && (
        <p className="admin-notice" role="status">
          {done}
        </p>
      )}
      <AdminListStates query={questions} rows={rows.length} empty={<EmptyState title={status === 'waiting' ? '답변을 기다리는 질문이 없습니다.' : '조건에 맞는 질문이 없습니다.'} />}>
        <ul className="inbox-list" data-testid="admin-question-list">
          {rows.map((q) => (
            <QuestionItem
              key={q.qnaid}
              question={q}
              editing={editing === q.qnaid}
              onEdit={(on) => {
                setDone(null);
                setEditing(on ? q.qnaid : null);
              }}
              onSaved={() => {
                setEditing(null);
                setDone(SAVED);
              }}
              onOnlyClass={onlyClass ? undefined : () => setOnlyClass({ contentsid: q.contentsid, title: q.classtitle })}
            />
          ))}
        </ul>
      </AdminListStates>
      <LoadMore hasMore={!!questions.hasNextPage} loading={questions.isFetchingNextPage} onMore={() => void questions.fetchNextPage()} />
    </>
  );
}

function QuestionItem({
  question: q,
  editing,
  onEdit,
  onSaved,
  onOnlyClass,
}: {
  question: AdminQuestion;
  editing: boolean;
  onEdit: (on: boolean) => void;
  onSaved: () => void;
  onOnlyClass: (() => void) | undefined;
}) {
  const queryClient = useQueryClient();
  const [serverError, setServerError] = useState<string>();
  const save = useMutation({
    mutationFn: (answer: string) => answerAdminQuestion(q.qnaid, answer),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: adminInboxKeys.questions });
      onSaved();
    },
    onError: (e) => setServerError(e.message),
  });
  const answered = q.status === 'answered';
  return (
    <li className="admin-card inbox-item" data-qnaid={q.qnaid} data-status={q.status}>
      <div className="inbox-item__head">
        <span className={`admin-badge ${answered ? 'admin-badge--published' : 'admin-badge--accent'}`}>{QUESTION_STATUS[q.status]}</span>
        {q.issecret && <span className="admin-badge admin-badge--draft">비공개</span>}
        <h2 className="inbox-item__title">{q.title}</h2>
      </div>
      <p className="inbox-item__meta">
        {onOnlyClass ? (
          <button type="button" className="inbox-item__class" onClick={onOnlyClass} title="이 클래스의 질문만 보기">
            {q.classtitle}
          </button>
        ) : (
          <span>{q.classtitle}</span>
        )}
        <span>
          {q.username} · {formatDateTimeKst(q.regdate)}
        </span>
      </p>
      {/* The member's question is their text (as on the member's page); the answers are staff HTML. */}
      <MemberText text={q.content} className="inbox-item__text inbox-item__plain" />
      {q.issecret && <p className="admin-muted inbox-item__hint">비공개 질문입니다. 답변은 질문한 회원만 볼 수 있습니다.</p>}
      {q.answer && !editing && (
        <div className="inbox-item__answer">
          <p className="inbox-item__answer-head">
            <strong>답변</strong>
            <span className="admin-muted">
              {q.answeredby ? ` · ${q.answeredby}` : ''}
              {q.answerdate ? ` · ${formatDateTimeKst(q.answerdate)}` : ''}
            </span>
          </p>
          <SafeHtml html={q.answer} className="safe-html inbox-item__text" />
        </div>
      )}
      {editing ? (
        <AnswerEditor<AnswerValues>
          id={`answer-${q.qnaid}`}
          initial={{ answer: q.answer ?? '' }}
          saving={save.isPending}
          serverError={serverError}
          check={(v) => checkAnswer(v).error}
          onSave={(v) => {
            setServerError(undefined);
            save.mutate(v.answer.trim());
          }}
          onCancel={() => onEdit(false)}
          submitLabel={answered ? '답변 수정 저장' : '답변 등록'}
        />
      ) : (
        <div className="admin-form__actions">
          <button type="button" className={`btn btn--sm${answered ? '' : ' btn--primary'}`} onClick={() => onEdit(true)}>
            {answered ? '답변 수정' : '답변하기'}
          </button>
        </div>
      )}
    </li>
  );
}

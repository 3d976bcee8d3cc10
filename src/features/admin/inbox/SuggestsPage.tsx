import { useMemo, useState } from 'react';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  adminInboxKeys,
  adminSuggestsQuery,
  replyAdminSuggest,
  type AdminSuggest,
  type AdminSuggestReply,
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
import { checkReply, SUGGEST_STATUS, type ReplyValues } from './inboxFields';
import './inbox.css';

/** 1:1 문의 (owner and operators: members' personal data): 접수 first, reply and set 접수 / 답변완료. */
export function SuggestsPage() {
  useAdminTitle('1:1 문의');
  const me = useAdminMe();
  if (!canUse(me.role, 'suggests')) return <AdminRefusal message="1:1 문의는 운영자만 볼 수 있습니다." />;
  return <Suggests />;
}

function Suggests() {
  const [status, setStatus] = useState<InboxStatus | ''>('');
  const suggests = useInfiniteQuery(adminSuggestsQuery(status ? { status } : {}));
  const rows = useMemo(() => suggests.data?.pages.flatMap((p) => p.list) ?? [], [suggests.data]);
  const [editing, setEditing] = useState<number | null>(null);
  const [done, setDone] = useState<string | null>(null);
  return (
    <>
      <AdminPageHead title="1:1 문의" lead="회원이 고객센터에 보낸 1:1 문의입니다. 접수된 문의가 먼저 보입니다. 답변을 쓰고 답변완료로 바꾸면 회원에게 메일로 한 번 알립니다." />
      <div className="admin-audit-filters inbox-filters" role="search" aria-label="1:1 문의 찾기">
        <div className="admin-field">
          <label htmlFor="suggest-status">상태</label>
          <select id="suggest-status" value={status} onChange={(e) => setStatus(e.currentTarget.value as InboxStatus | '')}>
            <option value="">전체 (접수 먼저)</option>
            <option value="waiting">{SUGGEST_STATUS.waiting}</option>
            <option value="answered">{SUGGEST_STATUS.answered}</option>
          </select>
        </div>
      </div>
      {done && (
        <p className="admin-notice" role="status">
          {done}
        </p>
      )}
      <AdminListStates query={suggests} rows={rows.length} empty={<EmptyState title={status === 'waiting' ? '접수된 문의가 없습니다.' : '조건에 맞는 문의가 없습니다.'} />}>
        <ul className="inbox-list" data-testid="admin-suggest-list">
          {rows.map((g) => (
            <SuggestItem
              key={g.suggestid}
              suggest={g}
              editing={editing === g.suggestid}
              onEdit={(on) => {
                setDone(null);
                setEditing(on ? g.suggestid : null);
              }}
              onSaved={(saved) => {
                setEditing(null);
                setDone(saved.status === 'answered' ? '답변완료로 저장했습니다. 회원은 고객센터의 1:1 문의에서 답변을 볼 수 있습니다.' : '접수 상태로 저장했습니다.');
              }}
            />
          ))}
        </ul>
      </AdminListStates>
      <LoadMore hasMore={!!suggests.hasNextPage} loading={suggests.isFetchingNextPage} onMore={() => void suggests.fetchNextPage()} />
    </>
  );
}

function SuggestItem({
  suggest: g,
  editing,
  onEdit,
  onSaved,
}: {
  suggest: AdminSuggest;
  editing: boolean;
  onEdit: (on: boolean) => void;
  onSaved: (saved: AdminSuggest) => void;
}) {
  const queryClient = useQueryClient();
  const [serverError, setServerError] = useState<string>();
  const save = useMutation({
    mutationFn: (reply: AdminSuggestReply) => replyAdminSuggest(g.suggestid, reply),
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: adminInboxKeys.suggests });
      onSaved(saved);
    },
    onError: (e) => setServerError(e.message),
  });
  const answered = g.status === 'answered';
  return (
    <li className="admin-card inbox-item" data-suggestid={g.suggestid} data-status={g.status}>
      <div className="inbox-item__head">
        <span className={`admin-badge ${answered ? 'admin-badge--published' : 'admin-badge--accent'}`}>{SUGGEST_STATUS[g.status]}</span>
        <span className="admin-badge admin-badge--scheduled">{g.typename}</span>
        {g.issecret && <span className="admin-badge admin-badge--draft">비밀글</span>}
        <h2 className="inbox-item__title">{g.title}</h2>
      </div>
      <p className="inbox-item__meta">
        <span>
          {g.username} · {formatDateTimeKst(g.regdate)}
        </span>
      </p>
      {/* The member's page shows the content as text; so does the console. */}
      <MemberText text={g.content} className="inbox-item__text inbox-item__plain" />
      {g.files.length > 0 && (
        <ul className="inbox-item__files" aria-label="첨부파일">
          {g.files.map((f) => (
            <li key={f.filename}>
              <a href={f.path} download={f.originalFilename}>
                {f.originalFilename}
              </a>
            </li>
          ))}
        </ul>
      )}
      {g.answer && !editing && (
        <div className="inbox-item__answer">
          <p className="inbox-item__answer-head">
            <strong>답변</strong>
            <span className="admin-muted">{g.answerdate ? ` · ${formatDateTimeKst(g.answerdate)}` : ''}</span>
          </p>
          <SafeHtml html={g.answer} className="safe-html inbox-item__text" />
        </div>
      )}
      {editing ? (
        <AnswerEditor<ReplyValues>
          id={`reply-${g.suggestid}`}
          initial={{ answer: g.answer ?? '', status: 'answered' }}
          saving={save.isPending}
          serverError={serverError}
          check={(v) => checkReply(v).error}
          onSave={(v) => {
            setServerError(undefined);
            const checked = checkReply(v);
            if (checked.input) save.mutate(checked.input);
          }}
          onCancel={() => onEdit(false)}
          submitLabel="저장"
          extra={(v, set) => (
            <fieldset className="admin-field admin-fieldset">
              <legend className="admin-field__label">상태</legend>
              <div className="admin-radio-row">
                {(['waiting', 'answered'] as const).map((s) => (
                  <label key={s} className="admin-check">
                    <input type="radio" name={`status-${g.suggestid}`} checked={v.status === s} onChange={() => set({ status: s })} /> {SUGGEST_STATUS[s]}
                  </label>
                ))}
              </div>
            </fieldset>
          )}
        />
      ) : (
        <div className="admin-form__actions">
          <button type="button" className={`btn btn--sm${answered ? '' : ' btn--primary'}`} onClick={() => onEdit(true)}>
            {g.answer ? '답변 수정' : '답변하기'}
          </button>
        </div>
      )}
    </li>
  );
}

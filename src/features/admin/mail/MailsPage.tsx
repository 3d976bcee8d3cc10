import { useMemo, useState } from 'react';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  adminMailKeys,
  adminMailsQuery,
  resendAdminMail,
  type AdminMail,
  type AdminMailFilter,
  type AdminMailKind,
  type AdminMailState,
} from '../../../api/queries/admin-mail';
import { formatDateTimeKst } from '../../../lib/formatDateTime';
import { alertError, confirmDark } from '../../../lib/popup';
import { EmptyState } from '../../../components/ui/EmptyState';
import { AdminListStates, AdminPageHead, AdminRefusal, LoadMore } from '../shell/AdminParts';
import { canUse } from '../shell/roles';
import { useAdminMe } from '../shell/useAdminMe';
import { useAdminTitle } from '../shell/useAdminTitle';
import { KIND_LABEL, reasonText, STATE_BADGE, STATE_LABEL } from './mailText';
import './mails.css';

const RESEND_QUESTION = '이 메일을 다시 보낼까요? 회원의 지금 이메일 주소로 보냅니다.';

/** 메일 발송 (owner and operators): the store's mails newest first, what keeps failing and why, and 다시 보내기. */
export function MailsPage() {
  useAdminTitle('메일 발송');
  const me = useAdminMe();
  if (!canUse(me.role, 'mail')) return <AdminRefusal message="메일 발송 기록은 운영자만 볼 수 있습니다." />;
  return <Mails />;
}

function Mails() {
  const [filter, setFilter] = useState<AdminMailFilter>({});
  const mails = useInfiniteQuery(adminMailsQuery(filter));
  const rows = useMemo(() => mails.data?.pages.flatMap((p) => p.list) ?? [], [mails.data]);
  const queryClient = useQueryClient();
  const [done, setDone] = useState<string | null>(null);
  const resend = useMutation({
    mutationFn: (m: AdminMail) => resendAdminMail(m.mailid),
    onSuccess: (m) => setDone(`${KIND_LABEL[m.kind]} 메일(#${m.mailid})을 다시 보냅니다. 잠시 후 상태가 '발송'으로 바뀝니다.`),
    onError: (e) => void alertError(e),
    // Sent, or already sent again by someone else (409): either way the list shows the mail as it is now.
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminMailKeys.all }),
  });
  const ask = async (m: AdminMail) => {
    setDone(null);
    if (await confirmDark(RESEND_QUESTION)) resend.mutate(m);
  };
  const set = <K extends keyof AdminMailFilter>(key: K, value: string) =>
    setFilter((f) => {
      const next = { ...f, [key]: value };
      if (!value) delete next[key];
      return next;
    });

  return (
    <>
      <AdminPageHead
        title="메일 발송"
        lead="주문·환불·수료증·수강 기간 안내 메일이 회원에게 갔는지 확인합니다. 실패한 메일은 원인을 고친 뒤 다시 보낼 수 있습니다."
      />
      <div className="admin-audit-filters admin-mail-filters" role="search" aria-label="메일 찾기">
        <div className="admin-field">
          <label htmlFor="mail-state">상태</label>
          <select id="mail-state" value={filter.state ?? ''} onChange={(e) => set('state', e.currentTarget.value as AdminMailState | '')}>
            <option value="">전체</option>
            {Object.entries(STATE_LABEL).map(([state, label]) => (
              <option key={state} value={state}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div className="admin-field">
          <label htmlFor="mail-kind">종류</label>
          <select id="mail-kind" value={filter.kind ?? ''} onChange={(e) => set('kind', e.currentTarget.value as AdminMailKind | '')}>
            <option value="">전체</option>
            {Object.entries(KIND_LABEL).map(([kind, label]) => (
              <option key={kind} value={kind}>
                {label}
              </option>
            ))}
          </select>
        </div>
      </div>
      {done && (
        <p className="admin-notice" role="status">
          {done}
        </p>
      )}
      <AdminListStates query={mails} rows={rows.length} lines={8} empty={<EmptyState title="조건에 맞는 메일이 없습니다." />}>
        <table className="admin-table admin-mail-table" data-testid="admin-mail-table">
          <thead>
            <tr>
              <th scope="col">메일</th>
              <th scope="col">받는 사람</th>
              <th scope="col">상태</th>
              <th scope="col">시각 (한국)</th>
              <th scope="col">사유</th>
              <th scope="col">
                <span className="visually-hidden">다시 보내기</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((m) => (
              <MailRow key={m.mailid} mail={m} resending={resend.isPending && resend.variables?.mailid === m.mailid} onResend={ask} />
            ))}
          </tbody>
        </table>
      </AdminListStates>
      <LoadMore hasMore={!!mails.hasNextPage} loading={mails.isFetchingNextPage} onMore={() => void mails.fetchNextPage()} />
    </>
  );
}

function MailRow({ mail: m, resending, onResend }: { mail: AdminMail; resending: boolean; onResend: (m: AdminMail) => Promise<void> }) {
  const korean = reasonText(m.error, m.state);
  // A sent mail keeps no reason worth showing (an earlier try's failure is history once it went).
  const showReason = m.state !== 'sent' && m.error;
  return (
    <tr data-mailid={m.mailid} data-state={m.state}>
      <td className="admin-table__lead">
        <span>
          <strong>{KIND_LABEL[m.kind] ?? m.kind}</strong>
          <span className="admin-table__sub">#{m.mailid}</span>
        </span>
      </td>
      <td data-label="받는 사람">{m.recipient || <span className="admin-muted">주소 없음</span>}</td>
      <td data-label="상태">
        <span>
          <span className={`admin-badge ${STATE_BADGE[m.state]}`}>{STATE_LABEL[m.state]}</span>
          {m.attempts > 0 && <span className="admin-table__sub">시도 {m.attempts}회</span>}
        </span>
      </td>
      <td data-label="시각" className="admin-nowrap">
        <span>
          {formatDateTimeKst(m.createdat)}
          {m.sentat && <span className="admin-table__sub">발송 {formatDateTimeKst(m.sentat)}</span>}
        </span>
      </td>
      <td data-label="사유" className={`admin-table__wide${showReason ? '' : ' admin-mail-noreason'}`}>
        {showReason ? (
          <span className="admin-mail-reason">
            {korean && (
              <span className="admin-mail-reason__text">
                {/* A mail waiting again (다시 보내기, or a retry) keeps the reason of the try before. */}
                {m.state === 'pending' && '지난 시도: '}
                {korean}
              </span>
            )}
            <code className="admin-mail-reason__raw" lang="en">
              {m.error}
            </code>
          </span>
        ) : (
          <span className="admin-muted">-</span>
        )}
      </td>
      <td>
        {m.state === 'failed' && (
          <div className="admin-table__actions">
            <button type="button" className="btn btn--sm" disabled={resending} onClick={() => void onResend(m)}>
              {resending ? '보내는 중…' : '다시 보내기'}
            </button>
          </div>
        )}
      </td>
    </tr>
  );
}


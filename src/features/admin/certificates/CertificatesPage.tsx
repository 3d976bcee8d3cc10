import { useMemo, useState } from 'react';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  adminCertificateKeys,
  adminCertificatesQuery,
  revokeAdminCertificate,
  type AdminCertificate,
  type AdminCertificateFilter,
} from '../../../api/queries/admin-certificates';
import { formatDateTimeKst } from '../../../lib/formatDateTime';
import { confirmDark } from '../../../lib/popup';
import { EmptyState } from '../../../components/ui/EmptyState';
import { AdminListStates, AdminPageHead, AdminRefusal, FieldError, LoadMore } from '../shell/AdminParts';
import { canUse } from '../shell/roles';
import { useAdminMe } from '../shell/useAdminMe';
import { useAdminTitle } from '../shell/useAdminTitle';
import { useFormDraft } from '../shell/useFormDraft';
import { checkRevoke, type RevokeFormValues } from './revokeFields';
import './certificates.css';

const TITLE = '수료증';
const STATES: Record<NonNullable<AdminCertificateFilter['state']>, string> = { all: '전체', issued: '유효', revoked: '취소됨' };
const revokeQuestion = (c: AdminCertificate) =>
  `${c.certificateno} (${c.member.name} · ${c.title}) 수료증을 취소할까요? 진위 확인에 '취소된 수료증'으로 표시되고, 회원은 더 이상 출력할 수 없으며 다시 발급되지 않습니다.`;

/** 수료증 (owner and operators): issued certificates, newest first, found by number, name or email; revoke with a reason. */
export function CertificatesPage() {
  useAdminTitle(TITLE);
  const me = useAdminMe();
  if (!canUse(me.role, 'certificates')) return <AdminRefusal message="수료증 관리는 대표 운영자와 운영자만 할 수 있습니다." />;
  return <Certificates />;
}

function Certificates() {
  const [typed, setTyped] = useState('');
  const [filter, setFilter] = useState<AdminCertificateFilter>({ state: 'all' });
  const list = useInfiniteQuery(adminCertificatesQuery(filter));
  const rows = useMemo(() => list.data?.pages.flatMap((p) => p.list) ?? [], [list.data]);
  const total = list.data?.pages[0]?.totalCount;
  const [chosen, setChosen] = useState<AdminCertificate | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const search = (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setFilter((f) => ({ ...f, q: typed.trim() || undefined }));
  };

  return (
    <>
      <AdminPageHead
        title={TITLE}
        lead="발급된 수료증을 번호, 회원 이름이나 이메일로 찾습니다. 취소한 수료증은 진위 확인에서 '취소된 수료증'으로, 취소한 날과 함께 표시됩니다."
      />
      <form className="admin-audit-filters admin-cert-filters" role="search" aria-label="수료증 찾기" onSubmit={search}>
        <div className="admin-field">
          <label htmlFor="cert-q">수료증 번호, 이름 또는 이메일</label>
          <input
            id="cert-q"
            type="search"
            value={typed}
            maxLength={100}
            autoComplete="off"
            placeholder="KPRA-… 또는 member@…"
            onChange={(e) => setTyped(e.currentTarget.value)}
          />
        </div>
        <div className="admin-field">
          <label htmlFor="cert-state">상태</label>
          <select
            id="cert-state"
            value={filter.state ?? 'all'}
            onChange={(e) => setFilter((f) => ({ ...f, state: e.currentTarget.value as AdminCertificateFilter['state'] }))}
          >
            {Object.entries(STATES).map(([state, label]) => (
              <option key={state} value={state}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div className="admin-field admin-cert-filters__go">
          <button type="submit" className="btn btn--dark btn--sm">
            검색
          </button>
        </div>
      </form>
      {done && (
        <p className="admin-notice" role="status">
          {done}
        </p>
      )}
      {chosen && (
        <RevokeForm
          key={chosen.certificateno}
          certificate={chosen}
          onClose={() => setChosen(null)}
          onRevoked={(c) => {
            setChosen(null);
            setDone(
              `${c.certificateno} 수료증을 취소했습니다. 진위 확인에 취소일(${formatDateTimeKst(c.revokedat!)})과 함께 표시됩니다.`,
            );
          }}
        />
      )}
      <AdminListStates query={list} rows={rows.length} lines={8} empty={<EmptyState title="조건에 맞는 수료증이 없습니다." />}>
        <>
          <p className="admin-muted admin-cert-count">{`${(total ?? rows.length).toLocaleString('ko-KR')}건`}</p>
          <table className="admin-table admin-cert-table" data-testid="admin-certificate-table">
            <thead>
              <tr>
                <th scope="col">수료증 번호</th>
                <th scope="col">회원</th>
                <th scope="col">클래스</th>
                <th scope="col">발급 (한국)</th>
                <th scope="col">상태</th>
                <th scope="col">
                  <span className="visually-hidden">취소</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((c) => (
                <CertificateRow
                  key={c.certificateno}
                  certificate={c}
                  onRevoke={() => {
                    setDone(null);
                    setChosen(c);
                  }}
                />
              ))}
            </tbody>
          </table>
        </>
      </AdminListStates>
      <LoadMore hasMore={!!list.hasNextPage} loading={list.isFetchingNextPage} onMore={() => void list.fetchNextPage()} />
    </>
  );
}

function CertificateRow({ certificate: c, onRevoke }: { certificate: AdminCertificate; onRevoke: () => void }) {
  return (
    <tr data-certificateno={c.certificateno} data-state={c.revokedat ? 'revoked' : 'issued'}>
      <td className="admin-table__lead">
        <code className="admin-cert-no">{c.certificateno}</code>
      </td>
      <td data-label="회원">
        <span>
          {c.member.name}
          <span className="admin-table__sub">{c.member.email}</span>
        </span>
      </td>
      <td data-label="클래스" className="admin-table__wide">
        {c.title}
      </td>
      <td data-label="발급" className="admin-nowrap">
        {formatDateTimeKst(c.issuedat)}
      </td>
      <td data-label="상태" className="admin-cert-state-cell">
        {c.revokedat ? (
          <span className="admin-cert-state">
            <span className="admin-badge admin-badge--hidden">취소됨</span>
            <span className="admin-table__sub">
              {formatDateTimeKst(c.revokedat)}
              {c.revokedby && ` · ${c.revokedby}`}
            </span>
            {c.revokereason && <span className="admin-table__sub">사유: {c.revokereason}</span>}
          </span>
        ) : (
          <span className="admin-cert-state">
            <span className="admin-badge admin-badge--published">유효</span>
          </span>
        )}
      </td>
      <td>
        {!c.revokedat && (
          <div className="admin-table__actions">
            <button type="button" className="btn btn--sm" onClick={onRevoke} aria-label={`${c.certificateno} 수료증 취소`}>
              취소
            </button>
          </div>
        )}
      </td>
    </tr>
  );
}

/** The reason of one revocation, checked beside its field, confirmed before it is sent. */
function RevokeForm({
  certificate: c,
  onClose,
  onRevoked,
}: {
  certificate: AdminCertificate;
  onClose: () => void;
  onRevoked: (c: AdminCertificate) => void;
}) {
  const { values, setValues, errors, setErrors, guard } = useFormDraft<RevokeFormValues>({ reason: '' });
  const [serverError, setServerError] = useState<string>();
  const queryClient = useQueryClient();
  const revoke = useMutation({
    mutationFn: (reason: string) => revokeAdminCertificate(c.certificateno, reason),
    onSuccess: (revoked) => {
      guard.release();
      onRevoked(revoked);
    },
    onError: (e) => setServerError(e.message),
    // Revoked now, or by someone else first: either way the list shows it as it is.
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminCertificateKeys.all }),
  });
  const submit = async (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const checked = checkRevoke(values);
    const { reason } = checked;
    setErrors(reason === undefined ? { reason: checked.error } : {});
    if (reason === undefined) {
      form.querySelector<HTMLElement>('#cert-revoke-reason')?.focus();
      return;
    }
    if (await confirmDark(revokeQuestion(c))) revoke.mutate(reason);
  };
  return (
    <form className="admin-card admin-cert-revoke" onSubmit={(e) => void submit(e)} noValidate aria-label="수료증 취소">
      <h2 className="admin-cert-revoke__title">수료증 취소</h2>
      <p className="admin-cert-revoke__which">
        <code className="admin-cert-no">{c.certificateno}</code> · {c.member.name} · {c.title}
      </p>
      <div className="admin-field">
        <label htmlFor="cert-revoke-reason">취소 사유</label>
        <input
          id="cert-revoke-reason"
          value={values.reason}
          maxLength={200}
          autoComplete="off"
          placeholder="예: 수료 요건 부정 충족 확인"
          onChange={(e) => {
            const reason = e.currentTarget.value;
            setValues({ reason });
            setServerError(undefined);
          }}
          aria-invalid={!!errors.reason}
          aria-describedby={errors.reason ? 'cert-revoke-reason-error' : 'cert-revoke-reason-hint'}
        />
        <span className="admin-field__hint" id="cert-revoke-reason-hint">
          사유는 수료증 기록과 감사 기록에만 남고, 진위 확인에는 보이지 않습니다.
        </span>
        <FieldError id="cert-revoke-reason" message={errors.reason} />
      </div>
      <div className="admin-form__actions">
        {serverError && (
          <p className="admin-form__error" role="alert">
            {serverError}
          </p>
        )}
        <button type="button" className="btn btn--sm" onClick={onClose}>
          닫기
        </button>
        <button type="submit" className="btn btn--primary btn--sm" disabled={revoke.isPending}>
          {revoke.isPending ? '취소하는 중…' : '수료증 취소'}
        </button>
      </div>
    </form>
  );
}

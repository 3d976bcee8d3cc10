import { useMemo, useRef, useState } from 'react';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  adjustAdminPoints,
  adminPointKeys,
  adminPointsQuery,
  type AdminPointAdjustment,
  type AdminPointEntry,
  type AdminPointFilter,
} from '../../../api/queries/admin-points';
import { formatDateTimeKst } from '../../../lib/formatDateTime';
import { confirmDark } from '../../../lib/popup';
import { EmptyState } from '../../../components/ui/EmptyState';
import { AdminListStates, AdminPageHead, AdminRefusal, FieldError, LoadMore, MemberEmailField, ReasonField, FormOutcome } from '../shell/AdminParts';
import { canUse } from '../shell/roles';
import { useAdminMe } from '../shell/useAdminMe';
import { useAdminTitle } from '../shell/useAdminTitle';
import { useFormDraft } from '../shell/useFormDraft';
import { checkPoints, type PointFormValues } from './pointFields';
import './points.css';

const TITLE = '포인트';
const won = (n: number) => `${n.toLocaleString('ko-KR')}P`;
const signed = (n: number) => `${n > 0 ? '+' : '−'}${won(Math.abs(n))}`;
const EMPTY: PointFormValues = { email: '', direction: 'add', amount: '', reason: '' };

/** 포인트 (owner and operators): add or take a member's points with a reason, and the ledger newest first. */
export function PointsPage() {
  useAdminTitle(TITLE);
  const me = useAdminMe();
  if (!canUse(me.role, 'points')) return <AdminRefusal message="포인트 관리는 대표 운영자와 운영자만 할 수 있습니다." />;
  return (
    <>
      <AdminPageHead
        title={TITLE}
        lead="회원의 포인트를 사유와 함께 적립하거나 차감합니다. 잔액을 고쳐 쓰지 않고 내역이 한 줄씩 쌓이며, 회원은 포인트 내역에서 사유를 봅니다."
      />
      <PointForm />
      <Ledger />
    </>
  );
}

function PointForm() {
  const { values, setValues, setBaseline, errors, setErrors } = useFormDraft<PointFormValues>(EMPTY);
  const [serverError, setServerError] = useState<string>();
  const [done, setDone] = useState<string>();
  // One key per adjustment as filled in: a doubled press or a retry after a lost answer sends it again and the
  // server moves the points once; a changed form is another adjustment with a new key.
  const key = useRef<{ of: string; key: string } | null>(null);
  const queryClient = useQueryClient();
  const adjust = useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: AdminPointAdjustment; idempotencyKey: string }) =>
      adjustAdminPoints(input, idempotencyKey),
    onSuccess: (answer) => {
      key.current = null;
      setValues(EMPTY);
      setBaseline(EMPTY);
      const e = answer.entry;
      setDone(`${e.member.name}(${e.member.email})님에게 ${signed(e.amount)}: ${e.reason}. 잔액 ${won(answer.balance)}.`);
    },
    onError: (e) => setServerError(e.message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminPointKeys.all }),
  });
  const set = <K extends keyof PointFormValues>(name: K, value: PointFormValues[K]) => {
    setValues((v) => ({ ...v, [name]: value }));
    setServerError(undefined);
    setDone(undefined);
  };
  const described = (name: keyof PointFormValues, hint?: string) => ({
    'aria-invalid': !!errors[name],
    'aria-describedby': errors[name] ? `points-${name}-error` : hint,
  });
  const submit = async (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const checked = checkPoints(values);
    setErrors(checked.errors ?? {});
    if (checked.errors) {
      const first = (['email', 'amount', 'reason'] as const).find((k) => checked.errors[k]);
      form.querySelector<HTMLElement>(`#points-${first}`)?.focus();
      return;
    }
    const { input } = checked;
    const question = `${input.email} 회원에게 ${signed(input.amount)}를 ${input.amount > 0 ? '적립' : '차감'}할까요? 사유 '${input.reason}'가 회원의 포인트 내역에 보입니다.`;
    if (!(await confirmDark(question))) return;
    const of = JSON.stringify(input);
    const current = key.current?.of === of ? key.current : { of, key: crypto.randomUUID() };
    key.current = current;
    adjust.mutate({ input, idempotencyKey: current.key });
  };

  return (
    <form className="admin-card" onSubmit={(e) => void submit(e)} noValidate aria-label="포인트 적립·차감">
      <div className="admin-form__grid">
        <MemberEmailField id="points-email" value={values.email} error={errors.email} onChange={(v) => set('email', v)} />
        <fieldset className="admin-field admin-points-direction">
          <legend>구분</legend>
          <label>
            <input
              type="radio"
              name="points-direction"
              checked={values.direction === 'add'}
              onChange={() => set('direction', 'add')}
            />{' '}
            적립
          </label>
          <label>
            <input
              type="radio"
              name="points-direction"
              checked={values.direction === 'take'}
              onChange={() => set('direction', 'take')}
            />{' '}
            차감
          </label>
        </fieldset>
        <div className="admin-field">
          <label htmlFor="points-amount">포인트</label>
          <input
            id="points-amount"
            inputMode="numeric"
            value={values.amount}
            maxLength={12}
            autoComplete="off"
            placeholder="예: 3000"
            onChange={(e) => set('amount', e.currentTarget.value)}
            {...described('amount', 'points-amount-hint')}
          />
          <span className="admin-field__hint" id="points-amount-hint">
            차감은 회원이 지금 쓸 수 있는 포인트까지만 됩니다.
          </span>
          <FieldError id="points-amount" message={errors.amount} />
        </div>
        <ReasonField
          id="points-reason"
          value={values.reason}
          error={errors.reason}
          onChange={(v) => set('reason', v)}
          maxLength={100}
          placeholder="예: 후기 이벤트 당첨"
          hint="회원의 포인트 내역에 그대로 보이고, 감사 기록에도 남습니다."
          wide
        />
      </div>
      <div className="admin-form__actions">
        <FormOutcome error={serverError} done={done} />
        <button type="submit" className="btn btn--primary btn--sm" disabled={adjust.isPending}>
          {adjust.isPending ? '저장하는 중…' : values.direction === 'take' ? '차감하기' : '적립하기'}
        </button>
      </div>
    </form>
  );
}

function Ledger() {
  const [typed, setTyped] = useState('');
  const [filter, setFilter] = useState<AdminPointFilter>({ console: true });
  const list = useInfiniteQuery(adminPointsQuery(filter));
  const rows = useMemo(() => list.data?.pages.flatMap((p) => p.list) ?? [], [list.data]);
  return (
    <section aria-labelledby="points-ledger">
      <h2 className="admin-points-title" id="points-ledger">
        포인트 내역
      </h2>
      <form
        className="admin-audit-filters admin-points-filters"
        role="search"
        aria-label="포인트 내역 찾기"
        onSubmit={(e) => {
          e.preventDefault();
          setFilter((f) => ({ ...f, q: typed.trim() || undefined }));
        }}
      >
        <div className="admin-field">
          <label htmlFor="points-q">회원 이름 또는 이메일</label>
          <input
            id="points-q"
            type="search"
            value={typed}
            maxLength={100}
            autoComplete="off"
            onChange={(e) => setTyped(e.currentTarget.value)}
          />
        </div>
        <div className="admin-field">
          <label htmlFor="points-which">내역</label>
          <select
            id="points-which"
            value={filter.console ? 'console' : 'all'}
            onChange={(e) => setFilter((f) => ({ ...f, console: e.currentTarget.value === 'console' }))}
          >
            <option value="console">운영진이 적립·차감한 내역</option>
            <option value="all">전체 (주문·환불 포함)</option>
          </select>
        </div>
        <div className="admin-field admin-points-filters__go">
          <button type="submit" className="btn btn--dark btn--sm">
            검색
          </button>
        </div>
      </form>
      <AdminListStates query={list} rows={rows.length} empty={<EmptyState title="조건에 맞는 포인트 내역이 없습니다." />}>
        <table className="admin-table admin-points-table" data-testid="admin-points-table">
          <thead>
            <tr>
              <th scope="col">시각 (한국)</th>
              <th scope="col">회원</th>
              <th scope="col">포인트</th>
              <th scope="col">사유</th>
              <th scope="col">현재 잔액</th>
              <th scope="col">처리</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((p) => (
              <LedgerRow key={p.pointid} entry={p} />
            ))}
          </tbody>
        </table>
      </AdminListStates>
      <LoadMore hasMore={!!list.hasNextPage} loading={list.isFetchingNextPage} onMore={() => void list.fetchNextPage()} />
    </section>
  );
}

function LedgerRow({ entry: p }: { entry: AdminPointEntry }) {
  return (
    <tr data-pointid={p.pointid}>
      <td className="admin-table__lead admin-nowrap">{formatDateTimeKst(p.createdat)}</td>
      <td data-label="회원">
        <span>
          {p.member.name}
          <span className="admin-table__sub">{p.member.email}</span>
        </span>
      </td>
      <td data-label="포인트" className={`admin-nowrap ${p.amount > 0 ? 'admin-points-add' : 'admin-points-take'}`}>
        {signed(p.amount)}
      </td>
      <td data-label="사유" className="admin-table__wide">
        {p.reason}
      </td>
      <td data-label="현재 잔액" className="admin-nowrap">
        {won(p.balance)}
      </td>
      <td data-label="처리">{p.staffname ?? <span className="admin-muted">스토어</span>}</td>
    </tr>
  );
}

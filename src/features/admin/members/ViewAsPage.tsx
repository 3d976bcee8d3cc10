import { useState } from 'react';
import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { useRouterState } from '@tanstack/react-router';
import { adminClassesQuery, adminClassQuery } from '../../../api/queries/admin-catalog';
import { openAdminViewAs, type AdminViewAs, type AdminViewAsOpening } from '../../../api/queries/admin-members';
import { VIEW_AS_KEY, type ViewAs } from '../../../components/viewAs/readOnly';
import { AdminPageHead, AdminRefusal, FieldError, MemberEmailField, ReasonField } from '../shell/AdminParts';
import { canUse } from '../shell/roles';
import { useAdminMe } from '../shell/useAdminMe';
import { useAdminTitle } from '../shell/useAdminTitle';
import { useFormDraft } from '../shell/useFormDraft';
import { checkViewAs, type ViewAsFormValues } from './viewAsFields';

const TITLE = '회원 화면으로 보기';

/**
 * 회원 화면으로 보기 (owner and operators): a class, its classroom and its player as the member with that email sees
 * them. The server answers a 15-minute read-only grant and records the opening with its reason; this tab then opens the
 * store's class view as that member (src/components/viewAs/boot.tsx) until 나가기 brings it back here.
 */
export function ViewAsPage() {
  useAdminTitle(TITLE);
  const me = useAdminMe();
  if (!canUse(me.role, 'members')) return <AdminRefusal message="회원 화면으로 보기는 대표 운영자와 운영자만 할 수 있습니다." />;
  return <ViewAsForm />;
}

/** `?class=101` from a class's page picks that class. */
function useChosenClass(): string {
  return useRouterState({
    select: (s) => {
      const value = (s.location.search as Record<string, unknown>).class;
      return typeof value === 'number' || (typeof value === 'string' && /^\d+$/.test(value)) ? String(value) : '';
    },
  });
}

function ViewAsForm() {
  const chosen = useChosenClass();
  const { values, setValues, errors, setErrors, guard } = useFormDraft<ViewAsFormValues>({
    email: '',
    contentsid: chosen,
    reason: '',
  });
  const [serverError, setServerError] = useState<string>();
  const open = useMutation({
    mutationFn: (opening: AdminViewAsOpening) => openAdminViewAs(opening),
    onSuccess: (answer) => {
      guard.release();
      enterMemberView(answer, `${window.location.pathname}${window.location.search}`);
    },
    onError: (e) => setServerError(e.message),
  });
  const set = (key: keyof ViewAsFormValues, value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setServerError(undefined);
  };
  const described = (key: keyof ViewAsFormValues, hint?: string) => ({
    'aria-invalid': !!errors[key],
    'aria-describedby': errors[key] ? `view-as-${key}-error` : hint,
  });
  const submit = (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const checked = checkViewAs(values);
    setErrors(checked.errors ?? {});
    if (checked.errors) {
      const first = (['email', 'contentsid', 'reason'] as const).find((k) => checked.errors[k]);
      e.currentTarget.querySelector<HTMLElement>(`#view-as-${first}`)?.focus();
      return;
    }
    open.mutate(checked.input);
  };

  return (
    <>
      <AdminPageHead
        title={TITLE}
        lead="회원 한 명이 보는 그대로 클래스 상세, 강의실, 플레이어를 엽니다. 15분 동안 읽기 전용이며, 여는 순간이 사유와 함께 감사 기록에 남습니다."
      />
      <form className="admin-card" onSubmit={submit} noValidate aria-label={TITLE}>
        <div className="admin-form__grid">
          <MemberEmailField id="view-as-email" value={values.email} error={errors.email} onChange={(v) => set('email', v)} />
          <ClassPicker
            value={values.contentsid}
            chosen={chosen}
            onChange={(v) => set('contentsid', v)}
            invalid={described('contentsid')}
            error={errors.contentsid}
          />
          <ReasonField
            id="view-as-reason"
            value={values.reason}
            error={errors.reason}
            onChange={(v) => set('reason', v)}
            maxLength={200}
            placeholder="예: 진도율 문의 확인"
            hint="누가, 언제, 어느 회원의 어느 클래스를 왜 열었는지 감사 기록에 남습니다."
            wide
          />
        </div>
        <div className="admin-form__actions">
          {serverError && (
            <p className="admin-form__error" role="alert">
              {serverError}
            </p>
          )}
          <button type="submit" className="btn btn--primary btn--sm" disabled={open.isPending}>
            {open.isPending ? '여는 중…' : '회원 화면 열기'}
          </button>
        </div>
      </form>
      <p className="admin-muted">
        회원 화면에서는 메모, Q&A, 퀴즈, 장바구니, 결제, 수강평 같은 쓰기가 모두 막혀 있고 시청 기록도 남지 않습니다. 회원의
        로그인 정보는 쓰이지 않으며, 화면 위의 나가기를 누르면 이곳으로 돌아옵니다.
      </p>
    </>
  );
}

/** The class: a search by title or teacher, and the matches (the class a class page sent first). */
function ClassPicker({
  value,
  chosen,
  onChange,
  invalid,
  error,
}: {
  value: string;
  chosen: string;
  onChange: (value: string) => void;
  invalid: Record<string, unknown>;
  error: string | undefined;
}) {
  const [q, setQ] = useState('');
  const found = useInfiniteQuery(adminClassesQuery({ q: q.trim() || undefined, sort: 'title' }));
  const first = useQuery({ ...adminClassQuery(Number(chosen)), enabled: chosen !== '' });
  const options = [
    ...(first.data ? [{ contentsid: first.data.contentsid, title: first.data.title, teacher: first.data.teacher }] : []),
    ...(found.data?.pages[0]?.list ?? []).filter((c) => String(c.contentsid) !== chosen),
  ];
  return (
    <div className="admin-field">
      <label htmlFor="view-as-contentsid">클래스</label>
      <input
        type="search"
        value={q}
        maxLength={100}
        aria-label="클래스 찾기 (제목 또는 강사)"
        placeholder="제목 또는 강사로 찾기"
        onChange={(e) => setQ(e.currentTarget.value)}
      />
      <select id="view-as-contentsid" value={value} onChange={(e) => onChange(e.currentTarget.value)} {...invalid}>
        <option value="">클래스를 고르세요</option>
        {options.map((c) => (
          <option key={c.contentsid} value={String(c.contentsid)}>
            #{c.contentsid} {c.title} · {c.teacher}
          </option>
        ))}
      </select>
      <FieldError id="view-as-contentsid" message={error} />
    </div>
  );
}

/** The tab becomes the member's view: what the server answered kept for this tab only, then the store's class view. */
function enterMemberView(answer: AdminViewAs, back: string): void {
  const view: ViewAs = { ...answer, back };
  sessionStorage.setItem(VIEW_AS_KEY, JSON.stringify(view));
  window.location.assign(`/classView/${answer.contentsid}`);
}

import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { setAdminClassState, type AdminClass, type AdminClassStateChange } from '../../../api/queries/admin-catalog';
import { formatCount } from '../../../lib/format';
import { formatDateTimeKst } from '../../../lib/formatDateTime';
import { alertError, confirmDark } from '../../../lib/popup';
import { FieldError } from '../shell/AdminParts';
import { isoToKstInput, kstInputToIso } from '../shell/kst';
import { StateBadge } from './StateBadge';
import { useStoreClass } from './useClassWrites';

export const HIDE_CONFIRM = '이 클래스를 숨길까요? 스토어 목록과 판매에서 내려가며, 이미 구매한 회원은 계속 수강할 수 있습니다.';
export const DRAFT_CONFIRM = '이 클래스를 초안으로 되돌릴까요? 스토어에서 보이지 않게 됩니다.';
const SCHEDULE_MESSAGES = { missing: '예약 시각을 입력해주세요.', past: '예약 시각은 지금 이후로 입력해주세요.' } as const;

const DONE: Record<AdminClassStateChange['state'] | 'scheduled', string> = {
  published: '게시했습니다. 스토어에 곧 보입니다.',
  scheduled: '예약했습니다.',
  hidden: '숨김 처리했습니다.',
  draft: '초안으로 되돌렸습니다.',
};

/** 게시 now, 예약 게시 at a Seoul time, 숨김, 초안으로 (owner and operators; an instructor sees the state only). */
export function StatePanel({ cls, canChange }: { cls: AdminClass; canChange: boolean }) {
  const storeClass = useStoreClass();
  const [at, setAt] = useState(() => (cls.publishat && cls.state === 'scheduled' ? isoToKstInput(cls.publishat) : isoToKstInput(new Date(Date.now() + 3600_000)).slice(0, 14) + '00'));
  const [atError, setAtError] = useState<string>();
  const [done, setDone] = useState<string>();
  const change = useMutation({
    mutationFn: (c: AdminClassStateChange) => setAdminClassState(cls.contentsid, c),
    onSuccess: (c, asked) => {
      storeClass(c);
      setDone(DONE[asked.state === 'published' && asked.publishat ? 'scheduled' : asked.state]);
    },
    onError: (e) => void alertError(e),
  });
  const ask = async (c: AdminClassStateChange, confirm?: string) => {
    setDone(undefined);
    if (confirm && !(await confirmDark(confirm))) return;
    change.mutate(c);
  };
  const schedule = () => {
    const iso = kstInputToIso(at);
    if (!iso) return setAtError(SCHEDULE_MESSAGES.missing);
    if (Date.parse(iso) <= Date.now()) return setAtError(SCHEDULE_MESSAGES.past);
    setAtError(undefined);
    void ask({ state: 'published', publishat: iso });
  };
  const visibleLectures = cls.sections.reduce((n, s) => n + s.lectures.filter((l) => !l.hidden).length, 0);
  const busy = change.isPending;

  return (
    <section className="admin-card" aria-labelledby="class-state-title">
      <h2 className="admin-card__title" id="class-state-title">
        게시 상태
      </h2>
      <p className="admin-state__now" data-testid="class-state">
        <StateBadge state={cls.state} />
        {cls.state === 'scheduled' && cls.publishat && <span>{formatDateTimeKst(cls.publishat)} (한국 시간) 게시 예정</span>}
      </p>
      {canChange && (
        <div className="admin-state__actions">
          {cls.state !== 'published' && (
            <button type="button" className="btn btn--primary btn--sm" disabled={busy} onClick={() => void ask({ state: 'published', publishat: null })}>
              지금 게시
            </button>
          )}
          <div className="admin-state__schedule">
            <label htmlFor="class-publishat">예약 게시 (한국 시간)</label>
            <input
              id="class-publishat"
              type="datetime-local"
              value={at}
              onChange={(e) => setAt(e.currentTarget.value)}
              aria-invalid={!!atError}
              aria-describedby={atError ? 'class-publishat-error' : undefined}
            />
            <FieldError id="class-publishat" message={atError} />
            <button type="button" className="btn btn--sm" disabled={busy} onClick={schedule}>
              {cls.state === 'scheduled' ? '예약 시각 바꾸기' : '예약 게시'}
            </button>
          </div>
          {(cls.state === 'published' || cls.state === 'scheduled') && (
            <button type="button" className="btn btn--sm" disabled={busy} onClick={() => void ask({ state: 'hidden' }, HIDE_CONFIRM)}>
              숨김
            </button>
          )}
          {cls.state !== 'draft' && (
            <button type="button" className="btn btn--sm" disabled={busy} onClick={() => void ask({ state: 'draft' }, DRAFT_CONFIRM)}>
              초안으로
            </button>
          )}
        </div>
      )}
      {done && (
        <p className="admin-notice admin-state__done" role="status">
          {done}
        </p>
      )}
      <ul className="admin-state__facts">
        <li>보이는 강의 {formatCount(visibleLectures)}개{visibleLectures === 0 ? ' (게시하려면 강의가 필요합니다)' : ''}</li>
        <li>수강생 {formatCount(cls.enrolled)}명</li>
        <li>만든 날 {formatDateTimeKst(cls.createdat)}</li>
      </ul>
    </section>
  );
}

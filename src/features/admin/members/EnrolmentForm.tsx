import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { changeAdminEnrolment, type AdminEnrolmentChange, type AdminMemberEnrolment } from '../../../api/queries/admin-members';
import { FieldError, ReasonField } from '../shell/AdminParts';
import { useFormDraft } from '../shell/useFormDraft';
import { kstDay } from '../shell/kst';
import { checkEnrolment, type EnrolmentFormValues } from './memberFields';

const EMPTY: EnrolmentFormValues = { contentsid: '', enddate: '', reason: '' };

/**
 * 수강 부여 · 기간 변경: the class by number, its last day and a reason. One form for both, as the server has one
 * operation: a class the member does not have starts today; one they have moves its end to the day chosen.
 */
export function EnrolmentForm({ useruid, onChanged }: { useruid: string; onChanged: (e: AdminMemberEnrolment) => void }) {
  const { values, setValues, setBaseline, errors, setErrors } = useFormDraft<EnrolmentFormValues>(EMPTY);
  const [said, setSaid] = useState<{ text: string; error?: boolean }>();
  const change = useMutation({
    mutationFn: (input: AdminEnrolmentChange) => changeAdminEnrolment(useruid, input),
    onSuccess: (done) => {
      onChanged(done.enrolment);
      setValues(EMPTY);
      setBaseline(EMPTY);
      const what = {
        granted: '수강을 부여했습니다',
        changed: '수강 기간을 바꿨습니다',
        revoked: '수강을 취소했습니다',
        unchanged: '바뀐 내용이 없습니다',
      }[done.outcome];
      setSaid({ text: `${done.enrolment.title}: ${what}. 종료 ${done.enrolment.endat.slice(0, 10)}.` });
    },
    onError: (e) => setSaid({ text: e.message, error: true }),
  });
  const set = (name: keyof EnrolmentFormValues, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    setSaid(undefined);
  };
  const described = (name: keyof EnrolmentFormValues, hint?: string) => ({
    'aria-invalid': !!errors[name],
    'aria-describedby': errors[name] ? `enrol-${name}-error` : hint,
  });
  return (
    <form
      className="admin-card"
      aria-labelledby="member-enrol"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const checked = checkEnrolment(values);
        setErrors(checked.errors ?? {});
        if (checked.input) change.mutate(checked.input);
        else {
          const first = (['contentsid', 'enddate', 'reason'] as const).find((k) => checked.errors[k]);
          e.currentTarget.querySelector<HTMLElement>(`#enrol-${first}`)?.focus();
        }
      }}
    >
      <h2 id="member-enrol" className="admin-card__title">
        수강 부여 · 기간 변경
      </h2>
      <div className="admin-form__grid">
        <div className="admin-field">
          <label htmlFor="enrol-contentsid">클래스 번호</label>
          <input
            id="enrol-contentsid"
            inputMode="numeric"
            maxLength={9}
            autoComplete="off"
            placeholder="예: 103"
            value={values.contentsid}
            onChange={(e) => set('contentsid', e.currentTarget.value)}
            {...described('contentsid')}
          />
          <FieldError id="enrol-contentsid" message={errors.contentsid} />
        </div>
        <div className="admin-field">
          <label htmlFor="enrol-enddate">수강 종료일</label>
          <input
            id="enrol-enddate"
            type="date"
            min={kstDay()}
            value={values.enddate}
            onChange={(e) => set('enddate', e.currentTarget.value)}
            {...described('enddate', 'enrol-enddate-hint')}
          />
          <span className="admin-field__hint" id="enrol-enddate-hint">
            비워 두면 새 수강은 오늘부터 90일, 수강 중인 클래스는 그대로입니다. 그날 23:59까지 볼 수 있습니다.
          </span>
          <FieldError id="enrol-enddate" message={errors.enddate} />
        </div>
        <ReasonField
          id="enrol-reason"
          value={values.reason}
          error={errors.reason}
          onChange={(v) => set('reason', v)}
          maxLength={200}
          placeholder="예: 오프라인 과정 수강생 복습 제공"
          hint="감사 기록에 남습니다."
          wide
        />
      </div>
      <div className="admin-form__actions">
        {said && (
          <p className={said.error ? 'admin-form__error' : 'admin-notice'} role={said.error ? 'alert' : 'status'}>
            {said.text}
          </p>
        )}
        <button type="submit" className="btn btn--primary btn--sm" disabled={change.isPending}>
          {change.isPending ? '저장하는 중…' : '저장하기'}
        </button>
      </div>
    </form>
  );
}

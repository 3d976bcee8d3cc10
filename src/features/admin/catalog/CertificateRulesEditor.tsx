import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminCertificateKeys,
  adminCertificateRulesQuery,
  updateAdminCertificateRules,
  type AdminCertificateRules,
  type AdminCertificateRulesInput,
  type AdminCertificateRulesSaved,
} from '../../../api/queries/admin-catalog-certificate';
import { PageSkeleton } from '../../../components/ui/Skeleton';
import { confirmDark } from '../../../lib/popup';
import { AdminFailure, FieldError } from '../shell/AdminParts';
import { useFormDraft } from '../shell/useFormDraft';
import {
  MAX_OPTIONS,
  MAX_QUESTIONS,
  TOTAL_SCORE,
  certificateFormOf,
  changesGrading,
  checkCertificateForm,
  moveQuestion,
  newQuestion,
  scoreTotal,
  withoutOption,
  type CertificateErrors,
  type CertificateFormValues,
  type QuestionDraft,
} from './certificateFields';
import './certificateRules.css';

const TEXT = {
  title: '수료 기준',
  lead: '수료증은 수료 퀴즈에 합격하고, 영상의 수료 진도율 이상을 시청 완료하면 발급됩니다.',
  certificateprogress: '수료 진도율 (%)',
  certificateprogressHint: '영상 중 시청 완료해야 하는 비율입니다. 100이면 모든 영상입니다.',
  hasQuiz: '수료 퀴즈 사용',
  noQuiz: '퀴즈가 없는 클래스는 수료증을 발급하지 않습니다.',
  quizTitle: '퀴즈 제목',
  passscore: '합격 점수 (100점 만점)',
  timelimit: '제한 시간 (분)',
  timelimitHint: '0이면 제한 없음',
  requiredprogress: '응시 가능 진도율 (%)',
  requiredprogressHint: '이 진도율부터 퀴즈를 볼 수 있습니다.',
  questions: '문항',
  total: (total: number) => `배점 합계 ${total} / ${TOTAL_SCORE}점`,
  takers: (takers: number, versions: number) => `응시한 회원 ${takers}명 · 버전 ${versions}`,
  versionNote: '응시한 회원이 있어 문항·보기·정답·배점·합격 점수·제한 시간을 바꾸면 새 버전으로 저장됩니다. 이전 응시 기록과 합격은 그대로 남습니다.',
  addQuestion: '문항 추가',
  addOption: '보기 추가',
  answer: '정답',
  score: '배점',
  save: '수료 기준 저장',
  saving: '저장 중…',
  dirty: '저장하지 않은 변경 사항이 있습니다.',
  confirmVersion: (takers: number) => `응시한 회원이 ${takers}명 있어 새 버전의 퀴즈로 저장합니다. 이전 응시 기록과 합격은 그대로 남습니다. 저장할까요?`,
  confirmRemove: (takers: number) =>
    takers > 0
      ? `수료 퀴즈를 없앨까요? 응시한 회원 ${takers}명의 기록과 합격은 남지만, 이후로는 수료증이 발급되지 않습니다.`
      : '수료 퀴즈를 삭제할까요? 이후로는 수료증이 발급되지 않습니다.',
  empty: '아직 문항이 없습니다. 문항을 추가해주세요.',
};

/** A class's certificate rules: the share of videos, the quiz with its questions, options, answers and scores. */
export function CertificateRulesEditor({ contentsid, classTitle }: { contentsid: number; classTitle: string }) {
  const rules = useQuery(adminCertificateRulesQuery(contentsid));
  return (
    <section className="admin-card" aria-labelledby="certificate-title">
      <h2 className="admin-card__title" id="certificate-title">
        {TEXT.title}
      </h2>
      <p className="admin-muted admin-cert__lead">{TEXT.lead}</p>
      {rules.data ? (
        <RulesForm key={contentsid} saved={rules.data} classTitle={classTitle} />
      ) : rules.isError ? (
        <AdminFailure error={rules.error} onRetry={() => void rules.refetch()} />
      ) : (
        <PageSkeleton lines={4} />
      )}
    </section>
  );
}

function RulesForm({ saved: initial, classTitle }: { saved: AdminCertificateRules; classTitle: string }) {
  const queryClient = useQueryClient();
  // The rules as last answered by the server: what the version warning and the confirms are judged against.
  const [saved, setSaved] = useState(initial);
  const { values, setValues, setBaseline, errors: draftErrors, setErrors, dirty } = useFormDraft<CertificateFormValues>(() =>
    certificateFormOf(initial, classTitle),
  );
  // A question's messages are keyed `q<index>.<field>` beside the form's own fields.
  const errors = draftErrors as CertificateErrors;
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const save = useMutation({
    mutationFn: (input: AdminCertificateRulesInput) => updateAdminCertificateRules(saved.contentsid, input),
    onSuccess: ({ quizchange, ...rules }) => {
      queryClient.setQueryData(adminCertificateKeys.rules(rules.contentsid), rules);
      setSaved(rules);
      const now = certificateFormOf(rules, classTitle);
      setBaseline(now);
      setValues(now);
      setStatus({ ok: true, text: SAVED_TEXT[quizchange] });
    },
    onError: (e) => setStatus({ ok: false, text: e.message }),
  });

  const edit = (patch: Partial<CertificateFormValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    setStatus(null);
  };
  const editQuestion = (i: number, patch: Partial<QuestionDraft>) =>
    edit({ questions: values.questions.map((q, k) => (k === i ? { ...q, ...patch } : q)) });
  const field = (name: 'certificateprogress' | 'title' | 'passscore' | 'timelimit' | 'requiredprogress') => ({
    id: `cert-${name}`,
    name,
    value: values[name],
    'aria-invalid': !!errors[name],
    'aria-describedby': errors[name] ? `cert-${name}-error` : undefined,
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => edit({ [name]: e.currentTarget.value }),
  });

  const submit = async (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const checked = checkCertificateForm(values);
    if (checked.errors) {
      setErrors(checked.errors as typeof draftErrors);
      const first = Object.keys(checked.errors)[0];
      form.querySelector<HTMLElement>(`[data-error-for="${first}"]`)?.focus();
      return;
    }
    setErrors({});
    const takers = saved.quiz?.takers ?? 0;
    if (!checked.input.quiz && saved.quiz && !(await confirmDark(TEXT.confirmRemove(takers)))) return;
    if (takers > 0 && changesGrading(values, saved) && !(await confirmDark(TEXT.confirmVersion(takers)))) return;
    save.mutate(checked.input);
  };

  const total = scoreTotal(values.questions);
  return (
    <form className="admin-cert" onSubmit={(e) => void submit(e)} noValidate aria-label={TEXT.title}>
      <div className="admin-form__grid">
        <div className="admin-field">
          <label htmlFor="cert-certificateprogress">{TEXT.certificateprogress}</label>
          <input {...field('certificateprogress')} data-error-for="certificateprogress" inputMode="numeric" autoComplete="off" />
          <span className="admin-field__hint">{TEXT.certificateprogressHint}</span>
          <FieldError id="cert-certificateprogress" message={errors.certificateprogress} />
        </div>
        <div className="admin-field admin-cert__toggle">
          <label className="admin-check">
            <input type="checkbox" checked={values.hasQuiz} onChange={(e) => edit({ hasQuiz: e.currentTarget.checked })} />
            {TEXT.hasQuiz}
          </label>
          {!values.hasQuiz && <span className="admin-field__hint">{TEXT.noQuiz}</span>}
        </div>
      </div>

      {values.hasQuiz && (
        <>
          {saved.quiz && (
            <p className="admin-cert__facts">
              <span className="admin-badge">{TEXT.takers(saved.quiz.takers, saved.quiz.versions)}</span>
              {saved.quiz.takers > 0 && <span className="admin-muted">{TEXT.versionNote}</span>}
            </p>
          )}
          <div className="admin-form__grid admin-cert__quiz">
            <div className="admin-field admin-field--wide">
              <label htmlFor="cert-title">{TEXT.quizTitle}</label>
              <input {...field('title')} data-error-for="title" maxLength={100} autoComplete="off" />
              <FieldError id="cert-title" message={errors.title} />
            </div>
            <div className="admin-field">
              <label htmlFor="cert-passscore">{TEXT.passscore}</label>
              <input {...field('passscore')} data-error-for="passscore" inputMode="numeric" autoComplete="off" />
              <FieldError id="cert-passscore" message={errors.passscore} />
            </div>
            <div className="admin-field">
              <label htmlFor="cert-timelimit">{TEXT.timelimit}</label>
              <input {...field('timelimit')} data-error-for="timelimit" inputMode="numeric" autoComplete="off" />
              <span className="admin-field__hint">{TEXT.timelimitHint}</span>
              <FieldError id="cert-timelimit" message={errors.timelimit} />
            </div>
            <div className="admin-field">
              <label htmlFor="cert-requiredprogress">{TEXT.requiredprogress}</label>
              <input {...field('requiredprogress')} data-error-for="requiredprogress" inputMode="numeric" autoComplete="off" />
              <span className="admin-field__hint">{TEXT.requiredprogressHint}</span>
              <FieldError id="cert-requiredprogress" message={errors.requiredprogress} />
            </div>
          </div>

          <div className="admin-cert__questions-head">
            <h3 className="admin-cert__subtitle">{TEXT.questions}</h3>
            <span className={total === TOTAL_SCORE ? 'admin-badge admin-badge--published' : 'admin-badge admin-badge--accent'} aria-live="polite">
              {TEXT.total(total)}
            </span>
          </div>
          {errors.questions && (
            <p className="admin-form__error" id="cert-questions-error" data-error-for="questions" tabIndex={-1} role="alert">
              {errors.questions}
            </p>
          )}
          {values.questions.length === 0 && <p className="admin-muted">{TEXT.empty}</p>}
          <ol className="admin-cert__list">
            {values.questions.map((q, i) => (
              <QuestionEditor
                key={q.key}
                question={q}
                index={i}
                count={values.questions.length}
                errors={errors}
                onChange={(patch) => editQuestion(i, patch)}
                onMove={(dir) => edit({ questions: moveQuestion(values.questions, i, dir) })}
                onRemove={() => edit({ questions: values.questions.filter((_, k) => k !== i) })}
              />
            ))}
          </ol>
          <button
            type="button"
            className="btn btn--sm"
            disabled={values.questions.length >= MAX_QUESTIONS}
            onClick={() => edit({ questions: [...values.questions, newQuestion(values.questions)] })}
          >
            {TEXT.addQuestion}
          </button>
        </>
      )}

      <div className="admin-form__actions">
        <button type="submit" className="btn btn--primary" disabled={save.isPending}>
          {save.isPending ? TEXT.saving : TEXT.save}
        </button>
        {dirty && !save.isPending && <span className="admin-form__dirty">{TEXT.dirty}</span>}
        {status && (
          <p className={status.ok ? 'admin-notice' : 'admin-form__error'} role={status.ok ? 'status' : 'alert'}>
            {status.text}
          </p>
        )}
      </div>
    </form>
  );
}

function QuestionEditor({
  question: q,
  index: i,
  count,
  errors,
  onChange,
  onMove,
  onRemove,
}: {
  question: QuestionDraft;
  index: number;
  count: number;
  errors: CertificateErrors;
  onChange: (patch: Partial<QuestionDraft>) => void;
  onMove: (dir: -1 | 1) => void;
  onRemove: () => void;
}) {
  const n = i + 1;
  const id = `cert-q${i}`;
  const err = (f: string) => errors[`q${i}.${f}`];
  return (
    <li className="admin-cert__question">
      <fieldset className="admin-fieldset">
        <legend className="admin-cert__legend">
          {n}번 문항
          <span className="admin-tools">
            <button type="button" className="admin-icon-btn" aria-label={`${n}번 문항 위로`} disabled={i === 0} onClick={() => onMove(-1)}>
              ↑
            </button>
            <button type="button" className="admin-icon-btn" aria-label={`${n}번 문항 아래로`} disabled={i === count - 1} onClick={() => onMove(1)}>
              ↓
            </button>
            <button type="button" className="admin-icon-btn admin-icon-btn--danger" aria-label={`${n}번 문항 삭제`} onClick={onRemove}>
              삭제
            </button>
          </span>
        </legend>
        <div className="admin-field">
          <label htmlFor={`${id}-text`}>문제</label>
          <textarea
            id={`${id}-text`}
            data-error-for={`q${i}.text`}
            rows={2}
            maxLength={500}
            value={q.text}
            aria-invalid={!!err('text')}
            aria-describedby={err('text') ? `${id}-text-error` : undefined}
            onChange={(e) => onChange({ text: e.currentTarget.value })}
          />
          <FieldError id={`${id}-text`} message={err('text')} />
        </div>
        <div className="admin-field" role="radiogroup" aria-label={`${n}번 문항 보기와 정답`} aria-describedby={err('answer') ? `${id}-answer-error` : undefined}>
          <span className="admin-field__label">보기 (정답을 고르세요)</span>
          <ul className="admin-cert__options">
            {q.options.map((o, k) => (
              <li key={k} className="admin-cert__option">
                <input
                  type="radio"
                  name={`${id}-answer`}
                  checked={q.answer === k}
                  data-error-for={k === 0 ? `q${i}.answer` : undefined}
                  aria-label={`${n}번 문항 ${k + 1}번 보기를 정답으로`}
                  onChange={() => onChange({ answer: k })}
                />
                <input
                  value={o}
                  maxLength={200}
                  data-error-for={k === 0 ? `q${i}.options` : undefined}
                  aria-label={`${n}번 문항 ${k + 1}번 보기`}
                  aria-invalid={!!err('options') && !o.trim()}
                  placeholder={`${k + 1}번 보기`}
                  onChange={(e) => onChange({ options: q.options.map((x, m) => (m === k ? e.currentTarget.value : x)) })}
                />
                <button
                  type="button"
                  className="admin-icon-btn"
                  aria-label={`${n}번 문항 ${k + 1}번 보기 지우기`}
                  disabled={q.options.length <= 2}
                  onClick={() => onChange(withoutOption(q, k))}
                >
                  ✕
                </button>
              </li>
            ))}
          </ul>
          <FieldError id={`${id}-options`} message={err('options')} />
          <FieldError id={`${id}-answer`} message={err('answer')} />
          <div>
            <button type="button" className="admin-icon-btn" disabled={q.options.length >= MAX_OPTIONS} onClick={() => onChange({ options: [...q.options, ''] })}>
              + {TEXT.addOption}
            </button>
          </div>
        </div>
        <div className="admin-field admin-cert__score">
          <label htmlFor={`${id}-score`}>{TEXT.score} (점)</label>
          <input
            id={`${id}-score`}
            data-error-for={`q${i}.score`}
            inputMode="numeric"
            autoComplete="off"
            value={q.score}
            aria-invalid={!!err('score')}
            aria-describedby={err('score') ? `${id}-score-error` : undefined}
            onChange={(e) => onChange({ score: e.currentTarget.value })}
          />
          <FieldError id={`${id}-score`} message={err('score')} />
        </div>
      </fieldset>
    </li>
  );
}

const SAVED_TEXT: Record<AdminCertificateRulesSaved['quizchange'], string> = {
  none: '수료 기준을 저장했습니다.',
  created: '수료 퀴즈를 만들었습니다.',
  updated: '수료 퀴즈를 저장했습니다.',
  versioned: '응시한 회원이 있어 새 버전의 퀴즈로 저장했습니다. 이전 응시 기록과 합격은 그대로 남습니다.',
  removed: '수료 퀴즈를 삭제했습니다.',
  retired: '응시한 회원이 있어 퀴즈를 보관했습니다. 이미 합격한 회원의 기록은 그대로 남습니다.',
};

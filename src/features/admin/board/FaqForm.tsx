import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminBoardKeys, createAdminFaq, updateAdminFaq, type AdminFaqInput, type Faq } from '../../../api/queries/admin-board';
import { boardKeys } from '../../../api/queries/board';
import { confirmDark } from '../../../lib/popup';
import { FieldError } from '../shell/AdminParts';
import { HtmlField } from '../shell/HtmlField';
import { UNSAVED_MESSAGE } from '../shell/useUnsavedGuard';
import { useFormDraft } from '../shell/useFormDraft';
import { checkFaq, type FaqFormValues } from './boardFields';

/** Adds an FAQ or changes one: 분류, 질문, 순서, 답변 (HTML with its preview). */
export function FaqForm({ faq, categories, onDone }: { faq: Faq | null; categories: string[]; onDone: (message: string | null) => void }) {
  const initial: FaqFormValues = faq
    ? { category: faq.category, question: faq.question, answer: faq.answer, sortorder: String(faq.sortorder) }
    : { category: categories[0] ?? '', question: '', answer: '', sortorder: '0' };
  const { values, setValues, errors, setErrors, dirty, guard } = useFormDraft(initial);
  const [serverError, setServerError] = useState<string>();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (input: AdminFaqInput) => (faq ? updateAdminFaq(faq.faqid, input) : createAdminFaq(input)),
    onSuccess: async () => {
      guard.release();
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminBoardKeys.faqs }),
        queryClient.invalidateQueries({ queryKey: boardKeys.faqs }),
      ]);
      onDone(faq ? 'FAQ를 수정했습니다.' : 'FAQ를 등록했습니다.');
    },
    onError: (e) => setServerError(e.message),
  });
  const set = (key: keyof FaqFormValues, value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setServerError(undefined);
  };
  const text = (key: 'category' | 'question' | 'sortorder') => ({
    id: `faq-${key}`,
    value: values[key],
    autoComplete: 'off',
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => set(key, e.currentTarget.value),
    'aria-invalid': !!errors[key],
    'aria-describedby': errors[key] ? `faq-${key}-error` : undefined,
  });
  const cancel = async () => {
    if (dirty && !(await confirmDark(UNSAVED_MESSAGE))) return;
    onDone(null);
  };
  const submit = (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const checked = checkFaq(values);
    setErrors(checked.errors ?? {});
    if (checked.errors) {
      const first = (['category', 'question', 'sortorder', 'answer'] as const).find((k) => checked.errors[k]);
      e.currentTarget.querySelector<HTMLElement>(`#faq-${first}`)?.focus();
      return;
    }
    save.mutate(checked.input);
  };

  return (
    <form className="admin-card" onSubmit={submit} noValidate aria-label={faq ? 'FAQ 수정' : 'FAQ 작성'}>
      <h2 className="admin-card__title">{faq ? 'FAQ 수정' : '새 FAQ'}</h2>
      <div className="admin-form__grid">
        <div className="admin-field">
          <label htmlFor="faq-category">분류</label>
          <input {...text('category')} maxLength={30} list="faq-categories" />
          <datalist id="faq-categories">
            {categories.map((c) => (
              <option key={c} value={c} />
            ))}
          </datalist>
          <FieldError id="faq-category" message={errors.category} />
        </div>
        <div className="admin-field">
          <label htmlFor="faq-sortorder">순서</label>
          <input {...text('sortorder')} inputMode="numeric" />
          <span className="admin-field__hint">작은 숫자가 먼저 보입니다.</span>
          <FieldError id="faq-sortorder" message={errors.sortorder} />
        </div>
        <div className="admin-field admin-field--wide">
          <label htmlFor="faq-question">질문</label>
          <input {...text('question')} maxLength={300} />
          <FieldError id="faq-question" message={errors.question} />
        </div>
        <div className="admin-field--wide">
          <HtmlField id="faq-answer" label="답변" rows={8} value={values.answer} error={errors.answer} onChange={(answer) => set('answer', answer)} />
        </div>
      </div>
      {serverError && (
        <p className="admin-form__error admin-form__error--below" role="alert">
          {serverError}
        </p>
      )}
      <div className="admin-form__actions">
        <button type="submit" className="btn btn--primary" disabled={save.isPending}>
          {save.isPending ? '저장 중…' : faq ? '수정 저장' : '등록'}
        </button>
        <button type="button" className="btn" onClick={() => void cancel()}>
          취소
        </button>
      </div>
    </form>
  );
}

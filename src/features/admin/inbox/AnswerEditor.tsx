import { useState, type ReactNode } from 'react';
import { HtmlField } from '../shell/HtmlField';
import { UNSAVED_MESSAGE } from '../shell/useUnsavedGuard';
import { useFormDraft } from '../shell/useFormDraft';
import { confirmDark } from '../../../lib/popup';

/**
 * The answer's HTML beside its preview (the member's page sanitises it again), 저장 and 취소; `extra` adds fields of
 * the form (a suggestion's status). `check` gives the message shown beside the answer, or sends.
 */
export function AnswerEditor<V extends { answer: string }>({
  id,
  initial,
  saving,
  serverError,
  check,
  onSave,
  onCancel,
  extra,
  submitLabel,
}: {
  id: string;
  initial: V;
  saving: boolean;
  serverError: string | undefined;
  check: (values: V) => string | undefined;
  onSave: (values: V) => void;
  onCancel: () => void;
  extra?: (values: V, set: (patch: Partial<V>) => void) => ReactNode;
  submitLabel: string;
}) {
  // Saved, the editor closes (unmounts), which ends its unsaved-changes guard.
  const { values, setValues, dirty } = useFormDraft<V>(initial);
  const [error, setError] = useState<string>();
  const set = (patch: Partial<V>) => {
    setValues((v) => ({ ...v, ...patch }));
    setError(undefined);
  };
  const cancel = async () => {
    if (dirty && !(await confirmDark(UNSAVED_MESSAGE))) return;
    onCancel();
  };
  const submit = (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const message = check(values);
    setError(message);
    if (message) {
      e.currentTarget.querySelector<HTMLElement>(`#${id}`)?.focus();
      return;
    }
    onSave(values);
  };
  return (
    <form className="inbox-editor" onSubmit={submit} noValidate aria-label="답변 작성">
      {extra?.(values, set)}
      <HtmlField id={id} label="답변" rows={6} value={values.answer} error={error} onChange={(answer) => set({ answer } as Partial<V>)} />
      {serverError && (
        <p className="admin-form__error admin-form__error--below" role="alert">
          {serverError}
        </p>
      )}
      <div className="admin-form__actions">
        <button type="submit" className="btn btn--primary" disabled={saving}>
          {saving ? '저장 중…' : submitLabel}
        </button>
        <button type="button" className="btn" onClick={() => void cancel()}>
          취소
        </button>
      </div>
    </form>
  );
}

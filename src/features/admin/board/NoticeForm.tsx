import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminBoardKeys, createAdminNotice, updateAdminNotice, type AdminNoticeInput, type Notice } from '../../../api/queries/admin-board';
import { boardKeys } from '../../../api/queries/board';
import { FieldError } from '../shell/AdminParts';
import { HtmlField } from '../shell/HtmlField';
import { UNSAVED_MESSAGE } from '../shell/useUnsavedGuard';
import { useFormDraft } from '../shell/useFormDraft';
import { confirmDark } from '../../../lib/popup';
import { checkNotice, type NoticeFormValues } from './boardFields';

/** Writes a new notice or changes one: 구분 (공지 / 소식), 제목, 상단 고정, 내용 (HTML with its preview). */
export function NoticeForm({ notice, onDone }: { notice: Notice | null; onDone: (message: string | null) => void }) {
  const initial: NoticeFormValues = notice
    ? { isnotice: notice.isnotice === -1 ? -1 : 1, title: notice.title, content: notice.content, istop: notice.istop }
    : { isnotice: 1, title: '', content: '', istop: false };
  const { values, setValues, errors, setErrors, dirty, guard } = useFormDraft(initial);
  const [serverError, setServerError] = useState<string>();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (input: AdminNoticeInput) => (notice ? updateAdminNotice(notice.noticeid, input) : createAdminNotice(input)),
    onSuccess: async () => {
      guard.release();
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminBoardKeys.noticesAll }),
        queryClient.invalidateQueries({ queryKey: boardKeys.all }),
      ]);
      onDone(notice ? '공지를 수정했습니다.' : '공지를 등록했습니다.');
    },
    onError: (e) => setServerError(e.message),
  });
  const set = <K extends keyof NoticeFormValues>(key: K, value: NoticeFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setServerError(undefined);
  };
  const cancel = async () => {
    if (dirty && !(await confirmDark(UNSAVED_MESSAGE))) return;
    onDone(null);
  };
  const submit = (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const checked = checkNotice(values);
    setErrors(checked.errors ?? {});
    if (checked.errors) {
      e.currentTarget.querySelector<HTMLElement>(checked.errors.title ? '#notice-title' : '#notice-content')?.focus();
      return;
    }
    save.mutate(checked.input);
  };

  return (
    <form className="admin-card" onSubmit={submit} noValidate aria-label={notice ? '공지 수정' : '공지 작성'}>
      <h2 className="admin-card__title">{notice ? '공지 수정' : '새 공지'}</h2>
      <div className="admin-form__grid">
        <fieldset className="admin-field admin-fieldset">
          <legend className="admin-field__label">구분</legend>
          <div className="admin-radio-row">
            <label className="admin-check">
              <input type="radio" name="isnotice" checked={values.isnotice === 1} onChange={() => set('isnotice', 1)} /> 공지
            </label>
            <label className="admin-check">
              <input type="radio" name="isnotice" checked={values.isnotice === -1} onChange={() => set('isnotice', -1)} /> 소식
            </label>
          </div>
        </fieldset>
        <div className="admin-field">
          <span className="admin-field__label">노출</span>
          <label className="admin-check">
            <input type="checkbox" checked={values.istop} onChange={(e) => set('istop', e.currentTarget.checked)} /> 상단 고정 (최대 3개)
          </label>
        </div>
        <div className="admin-field admin-field--wide">
          <label htmlFor="notice-title">제목</label>
          <input
            id="notice-title"
            value={values.title}
            maxLength={200}
            autoComplete="off"
            onChange={(e) => set('title', e.currentTarget.value)}
            aria-invalid={!!errors.title}
            aria-describedby={errors.title ? 'notice-title-error' : undefined}
          />
          <FieldError id="notice-title" message={errors.title} />
        </div>
        <div className="admin-field--wide">
          <HtmlField id="notice-content" label="내용" value={values.content} error={errors.content} onChange={(content) => set('content', content)} />
        </div>
      </div>
      {serverError && (
        <p className="admin-form__error admin-form__error--below" role="alert">
          {serverError}
        </p>
      )}
      <div className="admin-form__actions">
        <button type="submit" className="btn btn--primary" disabled={save.isPending}>
          {save.isPending ? '저장 중…' : notice ? '수정 저장' : '등록'}
        </button>
        <button type="button" className="btn" onClick={() => void cancel()}>
          취소
        </button>
      </div>
    </form>
  );
}

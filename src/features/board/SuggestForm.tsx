import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { boardKeys, saveSuggest, suggestTypesQuery } from '../../api/queries/board';
import { uploadFiles } from '../../api/queries/files';
import { alertDark, alertError } from '../../lib/popup';
import { checkSuggest, recheckSuggest, SUGGEST_MESSAGES, SUGGEST_TITLE_MAX, type SuggestErrors, type SuggestField } from './suggestFields';

export const SUGGEST_SAVED_MESSAGE = '문의가 등록되었습니다.';

const FIELD_ORDER: readonly SuggestField[] = ['suggesttype', 'title', 'content', 'files'];

function SuggestError({ field, message }: { field: SuggestField; message: string | undefined }) {
  return message ? (
    <em className="field-error" id={`suggest-${field}-error`}>
      {message}
    </em>
  ) : null;
}

/** Writes a suggestion: type, title, content, secret flag and attachments with an upload progress bar. */
export function SuggestForm({ useruid, onSaved }: { useruid: string; onSaved: (suggestid: number) => void }) {
  const types = useQuery(suggestTypesQuery());
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  const save = useMutation({
    mutationFn: async (form: FormData) => {
      const files = (form.getAll('files') as File[]).filter((f) => f.size > 0 || f.name);
      const uploaded = files.length ? await uploadFiles(files, setProgress) : [];
      return saveSuggest({
        useruid,
        suggesttype: String(form.get('suggesttype') ?? ''),
        title: String(form.get('title') ?? '').trim(),
        content: String(form.get('content') ?? '').trim(),
        issecret: form.get('issecret') === 'on',
        files: uploaded,
      });
    },
    onSuccess: async ({ suggestid }) => {
      await queryClient.invalidateQueries({ queryKey: boardKeys.suggestsAll });
      await alertDark(SUGGEST_SAVED_MESSAGE);
      onSaved(suggestid);
    },
    onError: (e) => void alertError(e),
    onSettled: () => setProgress(null),
  });

  const [errors, setErrors] = useState<SuggestErrors>({});
  const [chosen, setChosen] = useState<File[]>([]);
  const inputOf = (formElement: HTMLFormElement, files: readonly File[]) => {
    const form = new FormData(formElement);
    return {
      suggesttype: String(form.get('suggesttype') ?? ''),
      title: String(form.get('title') ?? ''),
      content: String(form.get('content') ?? ''),
      files,
    };
  };
  // A message goes as soon as its field is right; a file over the limit is said when it is chosen, not after sending.
  const recheck = (e: React.FormEvent<HTMLFormElement>) => {
    const target = e.target as HTMLInputElement;
    const picked = target.type === 'file';
    const files = picked ? [...(target.files ?? [])] : chosen;
    if (picked) setChosen(files);
    const input = inputOf(e.currentTarget, files);
    setErrors((shown) => recheckSuggest(shown, input, picked));
  };
  const submit = (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const formElement = e.currentTarget;
    const form = new FormData(formElement);
    const found = checkSuggest(inputOf(formElement, chosen));
    setErrors(found);
    const first = FIELD_ORDER.find((field) => found[field]);
    if (first) {
      formElement.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    save.mutate(form);
  };
  const described = (field: SuggestField) => (errors[field] ? `suggest-${field}-error` : undefined);

  return (
    // noValidate: the checks below speak Korean beside each field instead of the browser's English bubble.
    <form className="suggest-form" onSubmit={submit} onChange={recheck} aria-label="문의 작성" noValidate>
      <label>
        <span>문의 유형</span>
        <select name="suggesttype" defaultValue="" required aria-invalid={!!errors.suggesttype} aria-describedby={described('suggesttype')}>
          <option value="" disabled>
            선택해주세요
          </option>
          {types.data?.map((t) => (
            <option key={t.code} value={t.code}>
              {t.name}
            </option>
          ))}
        </select>
        <SuggestError field="suggesttype" message={errors.suggesttype} />
      </label>
      <label>
        <span>제목</span>
        <input
          name="title"
          maxLength={SUGGEST_TITLE_MAX}
          placeholder="제목을 입력해주세요"
          required
          aria-invalid={!!errors.title}
          aria-describedby={described('title')}
        />
        <SuggestError field="title" message={errors.title} />
      </label>
      <label>
        <span>내용</span>
        <textarea
          name="content"
          rows={7}
          placeholder="문의하실 내용을 자세히 적어주세요"
          required
          aria-invalid={!!errors.content}
          aria-describedby={described('content')}
        />
        <SuggestError field="content" message={errors.content} />
      </label>
      <div className="suggest-form__files">
        <span id="suggest-files-label">첨부파일</span>
        {/* The native input stays the control (keyboard, screen readers), drawn as a button beside the chosen names. */}
        <label className="file-picker">
          <input
            type="file"
            name="files"
            multiple
            className="file-picker__input"
            aria-labelledby="suggest-files-label suggest-files-button"
            aria-invalid={!!errors.files}
            aria-describedby={['suggest-files-chosen', 'suggest-files-hint', described('files')].filter(Boolean).join(' ')}
          />
          <span className="btn file-picker__button" id="suggest-files-button" aria-hidden="true">
            파일 선택
          </span>
          <span className="file-picker__chosen" id="suggest-files-chosen">
            {chosen.length === 0 ? '선택된 파일 없음' : chosen.map((f) => f.name).join(', ')}
          </span>
        </label>
        <small className="suggest-form__hint" id="suggest-files-hint">
          {SUGGEST_MESSAGES.filesHint}
        </small>
        <SuggestError field="files" message={errors.files} />
      </div>
      <label className="suggest-form__check">
        <input type="checkbox" name="issecret" defaultChecked /> 비밀글로 등록
      </label>
      {progress !== null && (
        <div className="upload-progress" role="progressbar" aria-label="파일 업로드" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(progress * 100)}>
          <span style={{ width: `${Math.round(progress * 100)}%` }} />
          <em>{Math.round(progress * 100)}%</em>
        </div>
      )}
      <button type="submit" className="btn btn--primary" disabled={save.isPending}>
        {save.isPending ? '등록 중…' : '문의 등록'}
      </button>
    </form>
  );
}

import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { boardKeys, saveSuggest, suggestTypesQuery } from '../../api/queries/board';
import { uploadFiles } from '../../api/queries/files';
import { alertDark, alertError } from '../../lib/popup';

export const SUGGEST_SAVED_MESSAGE = '문의가 등록되었습니다.';
export const SUGGEST_REQUIRED_MESSAGE = '문의 유형, 제목, 내용을 모두 입력해주세요.';

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

  const submit = (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    if (!form.get('suggesttype') || !String(form.get('title')).trim() || !String(form.get('content')).trim()) {
      void alertDark(SUGGEST_REQUIRED_MESSAGE);
      return;
    }
    save.mutate(form);
  };

  return (
    <form className="suggest-form" onSubmit={submit} aria-label="문의 작성">
      <label>
        <span>문의 유형</span>
        <select name="suggesttype" defaultValue="" required>
          <option value="" disabled>
            선택해주세요
          </option>
          {types.data?.map((t) => (
            <option key={t.code} value={t.code}>
              {t.name}
            </option>
          ))}
        </select>
      </label>
      <label>
        <span>제목</span>
        <input name="title" maxLength={200} placeholder="제목을 입력해주세요" required />
      </label>
      <label>
        <span>내용</span>
        <textarea name="content" rows={7} placeholder="문의하실 내용을 자세히 적어주세요" required />
      </label>
      <label>
        <span>첨부파일</span>
        <input type="file" name="files" multiple />
      </label>
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

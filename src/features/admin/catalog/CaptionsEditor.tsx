import { useId, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminCaptionsQuery, adminMediaKeys, deleteAdminCaption, uploadAdminCaption, type AdminCaption } from '../../../api/queries/admin-media';
import { formatDateTimeKst } from '../../../lib/formatDateTime';
import { confirmDark } from '../../../lib/popup';

/** The languages the console offers, each with the name the player's captions menu shows by default. */
export const CAPTION_LANGUAGES = [
  { srclang: 'ko', label: '한국어' },
  { srclang: 'en', label: 'English' },
  { srclang: 'ja', label: '日本語' },
  { srclang: 'zh', label: '中文' },
] as const;

/**
 * A lecture's caption tracks, read when 자막 is opened: the list (language, name, cues), 삭제 with a confirm, and an
 * upload of an SRT or WebVTT file for a language (the same language replaces its track). The server's refusal is
 * shown as it says it, with the line the file broke on.
 */
export function CaptionsEditor({ videoid, title }: { videoid: number; title: string }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <details className="admin-captions" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="admin-captions__summary" aria-controls={`${id}-captions`}>
        자막<span className="visually-hidden"> (「{title}」)</span>
      </summary>
      {open && <CaptionsBody videoid={videoid} title={title} id={`${id}-captions`} />}
    </details>
  );
}

function CaptionsBody({ videoid, title, id }: { videoid: number; title: string; id: string }) {
  const queryClient = useQueryClient();
  const tracks = useQuery(adminCaptionsQuery(videoid));
  const [srclang, setSrclang] = useState<string>('ko');
  const [label, setLabel] = useState<string>('한국어');
  const [file, setFile] = useState<File | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const store = (list: AdminCaption[]) => queryClient.setQueryData(adminMediaKeys.captions(videoid), list);
  const upload = useMutation({
    mutationFn: (caption: { file: File; srclang: string; label: string }) => uploadAdminCaption(videoid, caption),
    onSuccess: (list, caption) => {
      store(list);
      setDone(`${caption.label} 자막을 올렸습니다.`);
      setFile(null);
      if (fileInput.current) fileInput.current.value = '';
    },
    onMutate: () => setDone(null),
  });
  const remove = useMutation({
    mutationFn: (srclang: string) => deleteAdminCaption(videoid, srclang),
    onSuccess: (list) => {
      store(list);
      setDone('자막을 삭제했습니다.');
    },
    onMutate: () => setDone(null),
  });
  const failure = upload.error ?? remove.error;

  return (
    <div className="admin-captions__body" id={id}>
      {tracks.isPending ? (
        <p className="admin-muted">자막을 불러오는 중…</p>
      ) : tracks.isError ? (
        <p className="admin-form__error" role="alert">
          {tracks.error.message}{' '}
          <button type="button" className="admin-icon-btn" onClick={() => void tracks.refetch()}>
            다시 시도
          </button>
        </p>
      ) : tracks.data.length === 0 ? (
        <p className="admin-muted">아직 자막이 없습니다.</p>
      ) : (
        <ul className="admin-captions__list" aria-label={`「${title}」 자막 목록`}>
          {tracks.data.map((t) => (
            <li key={t.srclang} className="admin-captions__item" data-srclang={t.srclang}>
              <span className="admin-captions__name">
                <strong>{t.label}</strong> <span className="admin-badge">{t.srclang}</span>
                <span className="admin-muted admin-captions__facts">
                  {t.cues}개 · {t.updatedat ? formatDateTimeKst(t.updatedat) : '기본 자막'}
                </span>
              </span>
              <button
                type="button"
                className="admin-icon-btn admin-icon-btn--danger"
                aria-label={`「${title}」 ${t.label} 자막 삭제`}
                disabled={remove.isPending}
                onClick={async () => {
                  if (await confirmDark(`「${title}」의 ${t.label} 자막을 삭제할까요?`)) remove.mutate(t.srclang);
                }}
              >
                삭제
              </button>
            </li>
          ))}
        </ul>
      )}
      <form
        className="admin-captions__form"
        aria-label={`「${title}」 자막 올리기`}
        onSubmit={(e) => {
          e.preventDefault();
          if (file && label.trim()) upload.mutate({ file, srclang, label: label.trim() });
        }}
      >
        <div className="admin-field">
          <label htmlFor={`${id}-lang`}>언어</label>
          <select
            id={`${id}-lang`}
            value={srclang}
            onChange={(e) => {
              const next = e.currentTarget.value;
              setSrclang(next);
              setLabel(CAPTION_LANGUAGES.find((l) => l.srclang === next)?.label ?? '');
            }}
          >
            {CAPTION_LANGUAGES.map((l) => (
              <option key={l.srclang} value={l.srclang}>
                {l.label} ({l.srclang})
              </option>
            ))}
          </select>
        </div>
        <div className="admin-field">
          <label htmlFor={`${id}-label`}>표시 이름</label>
          <input id={`${id}-label`} value={label} maxLength={40} onChange={(e) => setLabel(e.currentTarget.value)} />
        </div>
        <div className="admin-field admin-captions__file">
          <label htmlFor={`${id}-file`}>자막 파일 (.srt, .vtt)</label>
          <input
            id={`${id}-file`}
            ref={fileInput}
            type="file"
            accept=".srt,.vtt,text/vtt,application/x-subrip"
            onChange={(e) => setFile(e.currentTarget.files?.[0] ?? null)}
          />
        </div>
        <button type="submit" className="btn btn--sm btn--dark" disabled={!file || !label.trim() || upload.isPending}>
          {upload.isPending ? '올리는 중…' : '자막 올리기'}
        </button>
      </form>
      {failure && (
        <p className="admin-form__error admin-form__error--below" role="alert">
          {failure.message}
        </p>
      )}
      {done && !failure && (
        <p className="admin-notice admin-captions__done" role="status">
          {done}
        </p>
      )}
    </div>
  );
}

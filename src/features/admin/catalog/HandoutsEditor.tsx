import { useId, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminHandoutKeys, adminHandoutsQuery, deleteAdminHandout, uploadAdminHandout, type AdminHandout } from '../../../api/queries/admin-catalog-handouts';
import { formatDateTimeKst } from '../../../lib/formatDateTime';
import { confirmDark } from '../../../lib/popup';
import { AdminFailure, FieldError } from '../shell/AdminParts';
import { HANDOUT_ACCEPT, fileSize, handoutFormProblems } from './handoutFile';
import './handouts.css';

const TEXT = {
  title: '자료 (교안·전자책)',
  lead: '수강 중인 회원이 내 강의실에서 내려받는 파일입니다. PDF 또는 EPUB, 10MB까지.',
  empty: '아직 자료가 없습니다.',
  demo: '기본 교안',
  name: '자료 이름 (비우면 파일 이름)',
  file: '파일',
  pick: '파일 선택',
  noFile: '선택한 파일 없음',
  upload: '자료 올리기',
  uploading: '올리는 중…',
  remove: '삭제',
  confirmRemove: (title: string) => `「${title}」 자료를 삭제할까요? 회원의 내 강의실에서도 사라집니다.`,
  uploaded: (title: string) => `「${title}」 자료를 올렸습니다.`,
  removed: '자료를 삭제했습니다.',
  loading: '자료를 불러오는 중…',
};

/** The files a class offers its members: listed as they get them, one attached (PDF or EPUB), one removed (confirmed). */
export function HandoutsEditor({ contentsid }: { contentsid: number }) {
  const id = useId();
  const queryClient = useQueryClient();
  const list = useQuery(adminHandoutsQuery(contentsid));
  const [title, setTitle] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Partial<Record<'file' | 'title', string>>>({});
  const [done, setDone] = useState<string>();
  const fileInput = useRef<HTMLInputElement>(null);
  const store = (files: AdminHandout[]) => queryClient.setQueryData(adminHandoutKeys.list(contentsid), files);
  const upload = useMutation({
    mutationFn: (u: { file: File; title: string }) => uploadAdminHandout(contentsid, u),
    onMutate: () => setDone(undefined),
    onSuccess: (files) => {
      store(files);
      setDone(TEXT.uploaded(files.at(-1)?.title ?? ''));
      setTitle('');
      setFile(null);
      if (fileInput.current) fileInput.current.value = '';
    },
  });
  const remove = useMutation({
    mutationFn: (pdfid: number) => deleteAdminHandout(pdfid),
    onMutate: () => setDone(undefined),
    onSuccess: (files) => {
      store(files);
      setDone(TEXT.removed);
    },
  });
  const failure = upload.error ?? remove.error;

  return (
    <section className="admin-card" aria-labelledby={`${id}-title`}>
      <h2 className="admin-card__title" id={`${id}-title`}>
        {TEXT.title}
      </h2>
      <p className="admin-muted admin-handouts__lead">{TEXT.lead}</p>
      {list.isPending ? (
        <p className="admin-muted">{TEXT.loading}</p>
      ) : list.isError ? (
        <AdminFailure error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.length === 0 ? (
        <p className="admin-muted">{TEXT.empty}</p>
      ) : (
        <ul className="admin-handouts__list" aria-label="자료 목록">
          {list.data.map((h) => (
            <li key={h.pdfid} className="admin-handouts__item">
              <span className="admin-handouts__name">
                <strong>{h.title}</strong>
                <span className="admin-muted admin-handouts__facts">
                  {h.originalFilename} · {h.contenttype === 'application/epub+zip' ? 'EPUB' : 'PDF'} · {fileSize(h.size)} ·{' '}
                  {h.uploaded ? formatDateTimeKst(h.regdate) : TEXT.demo}
                </span>
              </span>
              <button
                type="button"
                className="admin-icon-btn admin-icon-btn--danger"
                aria-label={`「${h.title}」 자료 삭제`}
                disabled={remove.isPending}
                onClick={async () => {
                  if (await confirmDark(TEXT.confirmRemove(h.title))) remove.mutate(h.pdfid);
                }}
              >
                {TEXT.remove}
              </button>
            </li>
          ))}
        </ul>
      )}
      <form
        className="admin-handouts__form"
        aria-label={TEXT.upload}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const problems = handoutFormProblems({ file, title });
          setErrors(problems);
          setDone(undefined);
          if (problems.file || problems.title || !file) {
            e.currentTarget.querySelector<HTMLElement>(problems.title ? `#${CSS.escape(`${id}-name`)}` : `#${CSS.escape(`${id}-file`)}`)?.focus();
            return;
          }
          upload.mutate({ file, title: title.trim() });
        }}
      >
        <div className="admin-field">
          <label htmlFor={`${id}-name`}>{TEXT.name}</label>
          <input
            id={`${id}-name`}
            value={title}
            maxLength={120}
            autoComplete="off"
            aria-invalid={!!errors.title}
            aria-describedby={errors.title ? `${id}-name-error` : undefined}
            onChange={(e) => setTitle(e.currentTarget.value)}
          />
          <FieldError id={`${id}-name`} message={errors.title} />
        </div>
        <div className="admin-field">
          <span className="admin-field__label" id={`${id}-file-label`}>
            {TEXT.file}
          </span>
          <div className="admin-handouts__pick">
            {/* The browser's own file button speaks its own language: the input is hidden behind a Korean label. */}
            <input
              id={`${id}-file`}
              ref={fileInput}
              className="visually-hidden"
              type="file"
              accept={HANDOUT_ACCEPT}
              aria-labelledby={`${id}-file-label ${id}-file-name`}
              aria-invalid={!!errors.file}
              aria-describedby={errors.file ? `${id}-file-error` : undefined}
              onChange={(e) => {
                setFile(e.currentTarget.files?.[0] ?? null);
                setErrors({});
                setDone(undefined);
              }}
            />
            <label htmlFor={`${id}-file`} className={`btn btn--sm${errors.file ? ' admin-handouts__pick--invalid' : ''}`}>
              {TEXT.pick}
            </label>
            <span className="admin-handouts__chosen" id={`${id}-file-name`}>
              {file?.name ?? TEXT.noFile}
            </span>
          </div>
          <FieldError id={`${id}-file`} message={errors.file} />
        </div>
        <button type="submit" className="btn btn--sm btn--dark" disabled={upload.isPending}>
          {upload.isPending ? TEXT.uploading : TEXT.upload}
        </button>
      </form>
      {failure && (
        <p className="admin-form__error admin-handouts__message" role="alert">
          {failure.message}
        </p>
      )}
      {done && !failure && (
        <p className="admin-notice admin-handouts__message" role="status">
          {done}
        </p>
      )}
    </section>
  );
}

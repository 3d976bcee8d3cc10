import { useId, useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { AdminClass } from '../../../api/queries/admin-catalog';
import { deleteAdminClassThumbnail, uploadAdminClassThumbnail } from '../../../api/queries/admin-catalog-thumbnail';
import { confirmDark } from '../../../lib/popup';
import { THUMBNAIL_ACCEPT, isUploadedThumbnail, thumbnailFileProblem, thumbnailSmall } from './thumbnailFile';
import { useStoreClass } from './useClassWrites';
import './thumbnailPanel.css';

const TEXT = {
  title: '썸네일',
  hint: 'JPEG, PNG, WebP · 5MB까지 · 가로 480, 세로 300픽셀 이상. 서버가 16:10으로 잘라 스토어 크기로 만들고, 사진의 위치·기기 정보는 지웁니다.',
  artwork: '지금은 기본 그림입니다.',
  pick: '이미지 선택',
  uploading: '올리는 중…',
  reset: '기본 그림으로',
  confirmReset: '올린 썸네일을 지우고 기본 그림으로 되돌릴까요?',
  uploaded: '썸네일을 바꿨습니다. 스토어에 곧 보입니다.',
  resetDone: '기본 그림으로 되돌렸습니다.',
};

/** The class's thumbnail as the store shows it, a new picture chosen and uploaded at once, and 기본 그림으로 (confirmed). */
export function ThumbnailPanel({ cls }: { cls: AdminClass }) {
  const id = useId();
  const storeClass = useStoreClass();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string>();
  const [done, setDone] = useState<string>();
  const write = useMutation({
    mutationFn: (run: () => Promise<AdminClass>) => run(),
    onSuccess: storeClass,
    onMutate: () => {
      setProblem(undefined);
      setDone(undefined);
    },
    onError: (e) => setProblem(e.message),
    onSettled: () => {
      if (input.current) input.current.value = '';
    },
  });
  const uploaded = isUploadedThumbnail(cls.thumbnail);
  return (
    <section className="admin-card admin-thumb" aria-labelledby={`${id}-title`}>
      <h2 className="admin-card__title" id={`${id}-title`}>
        {TEXT.title}
      </h2>
      <img
        className="admin-thumb__preview"
        src={uploaded ? thumbnailSmall(cls.thumbnail) : cls.thumbnail}
        alt={`「${cls.title}」 썸네일`}
        width={480}
        height={300}
      />
      {!uploaded && <p className="admin-muted">{TEXT.artwork}</p>}
      <div className="admin-thumb__actions">
        <input
          ref={input}
          id={`${id}-file`}
          className="visually-hidden"
          type="file"
          accept={THUMBNAIL_ACCEPT}
          disabled={write.isPending}
          aria-describedby={`${id}-hint${problem ? ` ${id}-problem` : ''}`}
          onChange={(e) => {
            const file = e.currentTarget.files?.[0];
            if (!file) return;
            const bad = thumbnailFileProblem(file);
            if (bad) {
              setDone(undefined);
              setProblem(bad);
              e.currentTarget.value = '';
              return;
            }
            write.mutate(() => uploadAdminClassThumbnail(cls.contentsid, file), { onSuccess: () => setDone(TEXT.uploaded) });
          }}
        />
        <label htmlFor={`${id}-file`} className={`btn btn--sm btn--dark admin-thumb__pick${write.isPending ? ' is-disabled' : ''}`}>
          {write.isPending ? TEXT.uploading : TEXT.pick}
        </label>
        {uploaded && (
          <button
            type="button"
            className="btn btn--sm"
            disabled={write.isPending}
            onClick={async () => {
              if (await confirmDark(TEXT.confirmReset)) write.mutate(() => deleteAdminClassThumbnail(cls.contentsid), { onSuccess: () => setDone(TEXT.resetDone) });
            }}
          >
            {TEXT.reset}
          </button>
        )}
      </div>
      <p className="admin-field__hint" id={`${id}-hint`}>
        {TEXT.hint}
      </p>
      {problem && (
        <p className="admin-form__error" id={`${id}-problem`} role="alert">
          {problem}
        </p>
      )}
      {done && !problem && (
        <p className="admin-notice" role="status">
          {done}
        </p>
      )}
    </section>
  );
}

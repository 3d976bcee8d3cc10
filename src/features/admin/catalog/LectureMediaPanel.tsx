import { useCallback, useEffect, useId, useState, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { createActor, type Actor } from 'xstate';
import { RESUME_HINT, mediaStatusText, topStateOf } from '../../../../machines/lectureUpload';
import { adminCatalogKeys } from '../../../api/queries/admin-catalog';
import { CaptionsEditor } from './CaptionsEditor';
import { liveLectureUpload } from './lectureUploadActors';
import './lectureMedia.css';

/** Every class page's query (`adminCatalogKeys.class(id)` without its id): the lecture's class is one of them. */
const CLASS_PAGES = adminCatalogKeys.class(0).slice(0, 2);

type UploadActor = Actor<ReturnType<typeof liveLectureUpload>>;

/** One upload machine per lecture, started after mount (StrictMode-safe) and stopped on leave (an upload pauses). */
function useLectureUpload(videoid: number) {
  const queryClient = useQueryClient();
  const [actor, setActor] = useState<UploadActor | null>(null);
  useEffect(() => {
    // 게시 가능: the class page reads its class again (the lecture's length instead of 영상 없음).
    const started = createActor(liveLectureUpload(() => void queryClient.invalidateQueries({ queryKey: CLASS_PAGES })), { input: { videoid } }).start();
    setActor(started);
    return () => {
      started.stop();
    };
  }, [videoid, queryClient]);
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!actor) return () => undefined;
      const s = actor.subscribe(onChange);
      return () => s.unsubscribe();
    },
    [actor],
  );
  const snapshot = useSyncExternalStore(subscribe, () => actor?.getSnapshot() ?? null);
  return { snapshot, send: actor ? actor.send.bind(actor) : () => undefined };
}

/** States whose bar is drawn: the upload's bytes, then the conversion's percent. */
const BAR_STATES = new Set(['uploading', 'paused', 'interrupted', 'processing', 'retrying', 'ready']);

/**
 * A lecture's video and captions in the curriculum editor (issue 38): pick a video (tus 1.0, 일시정지 / 계속), watch it
 * upload and convert (업로드 중 n% → 변환 중 n% → 게시 가능 with the ladder's rungs, or 실패 with 다시 시도), continue an
 * upload a reload interrupted by picking the same file; the lecture's caption tracks under 자막.
 */
export function LectureMediaPanel({ videoid, title }: { videoid: number; title: string }) {
  const { snapshot, send } = useLectureUpload(videoid);
  const inputId = useId();
  const state = snapshot ? topStateOf(snapshot.value) : 'loading';
  const context = snapshot?.context ?? { progress: 0, media: null, message: null, resumable: null };
  const status = mediaStatusText(state, context);
  const name = `「${title}」`;
  const percent = state === 'ready' ? 100 : context.progress;
  const converting = state === 'processing' || state === 'retrying';
  const busy = state === 'uploading' || converting || state === 'loading';
  const resumeOffered = state === 'idle' && context.resumable !== null;

  return (
    <div className="admin-media" data-testid="lecture-media" data-videoid={videoid} data-state={state}>
      <div className="admin-media__row">
        <input
          id={inputId}
          className="visually-hidden"
          type="file"
          accept="video/*"
          aria-label={`${name} ${resumeOffered ? '이어 올릴 영상 파일 (같은 파일)' : '영상 파일'}`}
          disabled={busy}
          onChange={(e) => {
            const file = e.currentTarget.files?.[0];
            e.currentTarget.value = '';
            if (file) send({ type: 'PICK', file });
          }}
        />
        <label className={`btn btn--sm admin-media__pick${busy ? ' is-disabled' : ''}`} htmlFor={inputId}>
          {resumeOffered ? '이어 올리기' : state === 'ready' || state === 'failed' ? '영상 교체' : '영상 선택'}
        </label>
        <div className="admin-media__status">
          {BAR_STATES.has(state) && (
            <div
              className={`admin-progress${converting ? ' admin-progress--convert' : ''}${state === 'ready' ? ' admin-progress--done' : ''}`}
              role="progressbar"
              aria-label={`${name} ${converting ? '변환' : state === 'ready' ? '영상' : '업로드'} 진행률`}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
              aria-valuetext={status}
            >
              <span className="admin-progress__bar" style={{ width: `${percent}%` }} />
            </div>
          )}
          <span className={`admin-media__text admin-media__text--${state}`} data-testid="lecture-media-status" aria-live="polite">
            {status}
          </span>
        </div>
        <span className="admin-tools">
          {state === 'uploading' && (
            <button type="button" className="admin-icon-btn" aria-label={`${name} 업로드 일시정지`} onClick={() => send({ type: 'PAUSE' })}>
              일시정지
            </button>
          )}
          {state === 'paused' && (
            <button type="button" className="admin-icon-btn" aria-label={`${name} 업로드 계속`} onClick={() => send({ type: 'CONTINUE' })}>
              계속
            </button>
          )}
          {(state === 'failed' || state === 'interrupted') && (
            <button
              type="button"
              className="admin-icon-btn"
              aria-label={`${name} ${state === 'failed' ? '변환' : '업로드'} 다시 시도`}
              onClick={() => send({ type: 'RETRY' })}
            >
              다시 시도
            </button>
          )}
        </span>
      </div>
      {context.message && state !== 'failed' && (
        <p className="admin-form__error admin-media__message" role="alert">
          {context.message}
        </p>
      )}
      {resumeOffered && <p className="admin-muted admin-media__hint">{RESUME_HINT}</p>}
      <CaptionsEditor videoid={videoid} title={title} />
    </div>
  );
}

import './notes.css';
import { useId, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { deleteNote, noteKeys, notesQuery, saveNote, updateNote, type Note } from '../../api/queries/progress-notes';
import { isApiError } from '../../api/errors';
import type { components } from '../../api/schema.gen';
import { InlineFailure } from '../../components/section/InlineFailure';
import { confirmDark } from '../../lib/popup';
import { formatClock } from './clock';
import { NoteItem } from './NoteItem';
import { noteTextProblem } from './noteText';
import { useCurrentSecond } from './useCurrentSecond';
import { NoteField } from './NoteField';
import { WriteFields } from '../../components/viewAs/readOnly';

type Video = components['schemas']['Video'];

interface NotesPanelProps {
  contentsid: number;
  useruid: string;
  videos: Video[];
  /** The video on the stage, and its element (the note's second is read from it, a click seeks it). */
  playingId: number | undefined;
  video: HTMLVideoElement | null;
  /** Opens another video of the class at a second. */
  onOpenAt: (videoid: number, second: number) => void;
}

const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));

/**
 * 메모: the member writes a note at the playing second, sees the notes of this video (by second) and of the class's
 * other videos, plays from a note, edits and deletes it. A note's id is made once per note, before its first try, so
 * 메모 저장 pressed again after a lost answer finds the same note instead of writing two.
 */
export function NotesPanel({ contentsid, useruid, videos, playingId, video, onOpenAt }: NotesPanelProps) {
  const queryClient = useQueryClient();
  const notes = useQuery(notesQuery(contentsid, useruid));
  const second = useCurrentSecond(video);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string>();
  const [listProblem, setListProblem] = useState<string>();
  const [saving, setSaving] = useState(false);
  const pendingId = useRef<string>(undefined);
  const fieldId = useId();
  const key = noteKeys.ofClass(contentsid, useruid);
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });
  const replace = (note: Note) =>
    queryClient.setQueryData(key, (old: Note[] | undefined) => old?.map((n) => (n.noteid === note.noteid ? note : n)));

  const write = async () => {
    const refused = noteTextProblem(text);
    if (refused) return setProblem(refused);
    if (!playingId) return setProblem('재생 중인 강의가 없습니다.');
    setSaving(true);
    pendingId.current ??= crypto.randomUUID();
    try {
      await saveNote(useruid, {
        noteid: pendingId.current,
        contentsid,
        videoid: playingId,
        second: video ? video.currentTime : second,
        text,
      });
      pendingId.current = undefined;
      setText('');
      setProblem(undefined);
      await refresh();
    } catch (e) {
      setProblem(errorText(e));
    } finally {
      setSaving(false);
    }
  };

  const seek = (note: Note) => {
    if (video && note.videoid === playingId) {
      video.currentTime = note.second;
      void video.play().catch(() => undefined);
    } else onOpenAt(note.videoid, note.second);
  };

  const edit = async (note: Note, next: string) => {
    replace(await updateNote(useruid, note.noteid, next));
  };

  const remove = async (note: Note) => {
    if (!(await confirmDark(`${formatClock(note.second)} 메모를 삭제할까요?`))) return;
    try {
      await deleteNote(useruid, note.noteid);
      setListProblem(undefined);
    } catch (e) {
      // Already gone (deleted in another tab): what the member asked for is done.
      if (!(isApiError(e) && e.status === 404)) setListProblem(errorText(e));
    }
    await refresh();
  };

  const all = notes.data ?? [];
  const here = all.filter((n) => n.videoid === playingId);
  const elsewhere = all.filter((n) => n.videoid !== playingId);
  const titleOf = (videoid: number) => videos.find((v) => v.videoid === videoid)?.title;
  const item = (n: Note, withTitle: boolean) => (
    <NoteItem
      key={n.noteid}
      note={n}
      videoTitle={withTitle ? (titleOf(n.videoid) ?? n.videotitle) : undefined}
      onSeek={seek}
      onEdit={edit}
      onDelete={(note) => void remove(note)}
    />
  );

  return (
    <section className="player-notes" aria-label="메모">
      <div className="player-notes__form">
        <WriteFields>
          <label htmlFor={fieldId} className="player-notes__label">
            <span className="player-notes__at">{formatClock(second)}</span> 지점에 남길 메모
          </label>
          <NoteField
            id={fieldId}
            value={text}
            placeholder="이 장면에 남길 메모를 쓰세요."
            onChange={(next) => {
              setText(next);
              if (problem) setProblem(undefined);
            }}
            problem={problem}
          />
          <button
            type="button"
            className="btn btn--primary btn--sm player-notes__save"
            disabled={saving}
            onClick={() => void write()}
          >
            메모 저장
          </button>
        </WriteFields>
      </div>
      {notes.isError && !notes.data ? (
        <InlineFailure subject="메모" error={notes.error} onRetry={() => void notes.refetch()} />
      ) : null}
      {listProblem ? (
        <p className="player-notes__problem" role="alert">
          {listProblem}
        </p>
      ) : null}
      <h3 className="player-notes__title">이 강의의 메모</h3>
      {here.length ? (
        <ol className="player-notes__list">{here.map((n) => item(n, false))}</ol>
      ) : (
        <p className="player-notes__empty">{notes.isPending ? '메모를 불러오는 중입니다.' : '아직 남긴 메모가 없습니다.'}</p>
      )}
      {elsewhere.length ? (
        <>
          <h3 className="player-notes__title">다른 강의의 메모</h3>
          <ol className="player-notes__list">{elsewhere.map((n) => item(n, true))}</ol>
        </>
      ) : null}
    </section>
  );
}

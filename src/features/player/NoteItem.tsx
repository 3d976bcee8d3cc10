import { useId, useState } from 'react';
import type { Note } from '../../api/queries/progress-notes';
import { formatClock } from './clock';
import { noteTextProblem } from './noteText';
import { NoteField } from './NoteField';
import { WriteFields } from '../../components/viewAs/readOnly';
import { MemberText } from '../../components/ui/MemberText';

interface NoteItemProps {
  note: Note;
  /** The video's title, shown when the note is not about the playing video. */
  videoTitle?: string | undefined;
  onSeek: (note: Note) => void;
  onEdit: (note: Note, text: string) => Promise<void>;
  onDelete: (note: Note) => void;
}

/** One note: its second (a button that plays the video from there), its text, 수정 in place and 삭제. */
export function NoteItem({ note, videoTitle, onSeek, onEdit, onDelete }: NoteItemProps) {
  const [draft, setDraft] = useState<string>();
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  const fieldId = useId();
  const at = formatClock(note.second);

  const save = async () => {
    const refused = noteTextProblem(draft ?? '');
    if (refused) return setProblem(refused);
    setBusy(true);
    try {
      await onEdit(note, draft!.trim());
      setDraft(undefined);
      setProblem(undefined);
    } catch (e) {
      setProblem(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <li className="player-note" data-noteid={note.noteid}>
      <button type="button" className="player-note__seek" onClick={() => onSeek(note)}>
        <span className="player-note__time">{at}</span>
        <span className="player-sr"> 부터 재생, </span>
        {videoTitle ? <span className="player-note__video">{videoTitle}</span> : null}
      </button>
      {draft === undefined ? (
        <MemberText text={note.text} className="player-note__text" />
      ) : (
        <div className="player-note__edit">
          <label htmlFor={fieldId} className="player-sr">
            {at} 메모 수정
          </label>
          <NoteField id={fieldId} value={draft} onChange={setDraft} problem={problem} />
        </div>
      )}
      <div className="player-note__actions">
        <WriteFields>
          {draft === undefined ? (
            <>
              <button
                type="button"
                className="player-note__action"
                onClick={() => setDraft(note.text)}
                aria-label={`${at} 메모 수정`}
              >
                수정
              </button>
              <button type="button" className="player-note__action" onClick={() => onDelete(note)} aria-label={`${at} 메모 삭제`}>
                삭제
              </button>
            </>
          ) : (
            <>
              <button
                type="button"
                className="player-note__action player-note__action--main"
                disabled={busy}
                onClick={() => void save()}
              >
                저장
              </button>
              <button
                type="button"
                className="player-note__action"
                onClick={() => {
                  setDraft(undefined);
                  setProblem(undefined);
                }}
              >
                취소
              </button>
            </>
          )}
        </WriteFields>
      </div>
    </li>
  );
}

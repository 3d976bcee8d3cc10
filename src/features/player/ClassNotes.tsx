import './notes.css';
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { notesQuery, type Note } from '../../api/queries/progress-notes';
import { InlineFailure } from '../../components/section/InlineFailure';
import { MemberText } from '../../components/ui/MemberText';
import { formatClock } from './clock';

/**
 * The member's notes of a class on /myclassProgress (mounted there by the route): grouped by video in the
 * curriculum's order, each a link that opens the player at its second.
 */
export function ClassNotes({ contentsid, useruid }: { contentsid: number; useruid: string }) {
  const notes = useQuery({ ...notesQuery(contentsid, useruid), enabled: !!useruid });
  if (notes.isError && !notes.data)
    return <InlineFailure subject="메모" error={notes.error} onRetry={() => void notes.refetch()} />;
  if (!notes.data) return <p className="muted">메모를 불러오는 중입니다.</p>;
  if (notes.data.length === 0)
    return <p className="muted">강의를 보며 남긴 메모가 여기에 모입니다. 플레이어의 메모 탭에서 남겨 보세요.</p>;
  // The server lists them in curriculum order: consecutive notes of one video make its group.
  const groups: { videoid: number; title: string; notes: Note[] }[] = [];
  for (const n of notes.data) {
    const last = groups.at(-1);
    if (last?.videoid === n.videoid) last.notes.push(n);
    else groups.push({ videoid: n.videoid, title: n.videotitle, notes: [n] });
  }
  return (
    <div className="class-notes">
      {groups.map((g) => (
        <section key={g.videoid} className="class-notes__video" aria-label={`${g.title} 메모`}>
          <h4 className="class-notes__title">{g.title}</h4>
          <ol className="class-notes__list">
            {g.notes.map((n) => (
              <li key={n.noteid} className="class-notes__item">
                <Link
                  to="/player/$contentsid"
                  params={{ contentsid: String(contentsid) }}
                  search={{ videoid: n.videoid, t: n.second }}
                  className="class-notes__at"
                  aria-label={`${formatClock(n.second)}부터 재생`}
                >
                  {formatClock(n.second)}
                </Link>
                <MemberText text={n.text} className="class-notes__text" />
              </li>
            ))}
          </ol>
        </section>
      ))}
    </div>
  );
}

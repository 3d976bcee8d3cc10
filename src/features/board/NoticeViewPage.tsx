import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { noticeInfoQuery } from '../../api/queries/board';
import { AttachmentList } from './AttachmentList';
import { SafeHtml } from '../../components/ui/SafeHtml';
import { formatDate } from '../../lib/format';
import './board.css';

/** /noticeView/$noticeid: title, date, views, sanitised body, attachments, back to the list. */
export function NoticeViewPage({ noticeid }: { noticeid: number }) {
  const { data: n } = useSuspenseQuery(noticeInfoQuery(noticeid));
  return (
    <article className="page board board-view">
      <header className="board-view__head">
        {n.istop && <em className="pin">공지</em>}
        <h2 className="board-view__title">{n.title}</h2>
        <p className="board-view__meta">
          {n.writer} · {formatDate(n.regdate)} · 조회 {n.viewcnt}
        </p>
      </header>
      <SafeHtml html={n.content} className="safe-html board-view__body" />
      <AttachmentList files={n.files} />
      <div className="board-view__foot">
        <Link to="/notice" className="btn btn--dark">
          목록으로
        </Link>
      </div>
    </article>
  );
}

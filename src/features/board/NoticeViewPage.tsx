import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { noticeInfoQuery } from '../../api/queries/board';
import { AttachmentList } from './AttachmentList';
import { SafeHtml } from '../../components/ui/SafeHtml';
import { formatDate } from '../../lib/format';
import { PageSkeleton } from '../../components/ui/Skeleton';
import { Section } from '../../components/section/Section';
import type { NotFoundText } from '../../components/section/NotFoundCard';
import './board.css';

const NOTICE_NOT_FOUND: NotFoundText = { title: '없는 게시물입니다.', back: { to: '/notice', label: '목록으로' } };

/** /noticeView/$noticeid: title, date, views, sanitised body, attachments, back to the list; an unknown id is a card. */
export function NoticeViewPage({ noticeid }: { noticeid: number }) {
  return (
    <Section resetKey={noticeid} notFound={NOTICE_NOT_FOUND} fallback={<PageSkeleton lines={10} />}>
      <NoticeArticle noticeid={noticeid} />
    </Section>
  );
}

function NoticeArticle({ noticeid }: { noticeid: number }) {
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

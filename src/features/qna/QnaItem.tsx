import type { QnA } from '../../api/queries/classroom-lectures';
import { SafeHtml } from '../../components/ui/SafeHtml';
import { MemberText } from '../../components/ui/MemberText';
import { formatDate } from '../../lib/format';

/** One question: title line always, question and answer when opened. The member's question is text; the answer is staff HTML (SafeHtml). */
export function QnaItem({ item }: { item: QnA }) {
  const answered = item.status === 'answered';
  return (
    <li className="qna-item" data-testid="qna-item">
      <details>
        <summary>
          <span className={`qna-item__status${answered ? ' qna-item__status--done' : ''}`}>
            {answered ? '답변완료' : '답변대기'}
          </span>
          <span className="qna-item__title">
            {item.issecret && <span className="qna-item__secret">비밀</span>}
            {item.title}
          </span>
          <span className="qna-item__meta">
            {item.username}
            {item.ismine && ' (나)'} · {formatDate(item.regdate)}
          </span>
        </summary>
        <div className="qna-item__body">
          {item.content ? (
            <MemberText text={item.content} className="qna-item__text" />
          ) : (
            <p className="muted">작성자만 볼 수 있는 질문입니다.</p>
          )}
          {item.answer ? (
            <div className="qna-item__answer">
              <strong>강사 답변</strong>
              {item.answerdate && <span className="muted"> · {formatDate(item.answerdate)}</span>}
              <SafeHtml html={item.answer} className="safe-html qna-item__text" />
            </div>
          ) : (
            <p className="muted">아직 답변이 없습니다. 답변이 등록되면 여기에 표시됩니다.</p>
          )}
        </div>
      </details>
    </li>
  );
}

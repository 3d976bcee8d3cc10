import { useState } from 'react';
import { saveQna } from '../../api/queries/classroom-lectures';
import { alertDark, alertError } from '../../lib/popup';
import { WriteFields } from '../../components/viewAs/readOnly';

export const QNA_SAVED_MESSAGE = '질문이 등록되었습니다.';
const TITLE_REQUIRED = '제목을 입력해주세요.';
const CONTENT_REQUIRED = '내용을 입력해주세요.';
const TITLE_MAX = 200;

/** Ask a question about the lecture. Text is sent as typed; the list shows it sanitised. */
export function QnaForm({ contentsid, useruid, onSaved }: { contentsid: number; useruid: string; onSaved: () => void }) {
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [issecret, setIssecret] = useState(false);
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const problemNow = !title.trim() ? TITLE_REQUIRED : !content.trim() ? CONTENT_REQUIRED : '';
    setProblem(problemNow);
    if (problemNow) return;
    setBusy(true);
    try {
      await saveQna({ contentsid, useruid, title: title.trim(), content: content.trim(), issecret, videoid: null });
      setTitle('');
      setContent('');
      setIssecret(false);
      onSaved();
      await alertDark(QNA_SAVED_MESSAGE);
    } catch (error) {
      await alertError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="qna-form" onSubmit={submit} noValidate aria-label="질문하기">
      <WriteFields>
        <label className="qna-form__field">
          <span>제목</span>
          <input
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            maxLength={TITLE_MAX}
            placeholder="궁금한 점을 한 줄로 적어주세요"
            name="title"
          />
        </label>
        <label className="qna-form__field">
          <span>내용</span>
          <textarea
            value={content}
            onChange={(e) => setContent(e.target.value)}
            rows={4}
            placeholder="어느 영상의 어떤 동작인지 적어주시면 더 정확히 답변드릴 수 있어요"
            name="content"
          />
        </label>
        {problem && (
          <p className="qna-form__problem" role="alert">
            {problem}
          </p>
        )}
        <div className="qna-form__foot">
          <label className="qna-check">
            <input type="checkbox" checked={issecret} onChange={(e) => setIssecret(e.target.checked)} /> 비밀글로 등록
          </label>
          <button type="submit" className="btn btn--primary btn--sm" disabled={busy}>
            {busy ? '등록 중…' : '질문 등록'}
          </button>
        </div>
      </WriteFields>
    </form>
  );
}

import { Link } from '@tanstack/react-router';

/** Slot for the lecture Q&A beside the video; the Q&A component of the classroom goes here at merge. */
export function QnaTab({ contentsid }: { contentsid: number }) {
  return (
    <div className="player-qna">
      <p>이 강의에 대한 질문과 답변은 학습 현황 화면에서 확인하고 남길 수 있습니다.</p>
      <Link to="/myclassProgress/$contentsid" params={{ contentsid: String(contentsid) }} className="btn player-btn--ghost">
        질문하러 가기
      </Link>
    </div>
  );
}

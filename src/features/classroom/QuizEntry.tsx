/**
 * Slot for the lecture's quiz on /myclassProgress. The quiz screen (another issue) replaces this component with
 * its panel; until then it is a plain entry point.
 */
export function QuizEntry({ contentsid }: { contentsid: number }) {
  return (
    <section className="quiz-entry" aria-labelledby={`quiz-entry-${contentsid}`}>
      <h3 id={`quiz-entry-${contentsid}`} className="class-block-title">
        수료 퀴즈
      </h3>
      <p className="muted">진도를 마친 뒤 퀴즈에 합격하면 수료증을 발급받을 수 있습니다.</p>
      <button type="button" className="btn btn--sm" disabled title="퀴즈 화면은 준비 중입니다">
        퀴즈 응시
      </button>
    </section>
  );
}

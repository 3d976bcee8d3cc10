import { useEffect, useRef } from 'react';
import { Link } from '@tanstack/react-router';
import { useSessionUser } from '../../auth/sessionStore';
import { Pending } from '../../components/section/Pending';
import { useQuiz } from './useQuiz';
import { QuizQuestions } from './QuizQuestions';
import { QuizResultView } from './QuizResultView';
import { QuizStart } from './QuizStart';
import './quiz.css';

const TEXT = {
  heading: '수료 퀴즈',
  loading: '퀴즈를 불러오는 중입니다.',
  loadFailed: '퀴즈를 불러오지 못했습니다.',
  noQuiz: '이 강의에는 퀴즈가 없습니다.',
  retry: '다시 시도',
  unavailable: '아직 응시할 수 없습니다',
  alreadyPassed: '이미 합격한 퀴즈입니다.',
  passedScore: (score: number | null) => (score === null ? '' : `합격 점수 ${score}점`),
  printCertificate: '수료증 출력',
  myCertificates: '수료증 목록',
  submitting: '채점 중입니다. 잠시만 기다려주세요.',
  submitFailed: '답안을 제출하지 못했습니다.',
  resubmit: '다시 제출',
  checkingRetake: '재응시 가능 여부를 확인하는 중입니다.',
  signedOut: '로그인 후 응시할 수 있습니다.',
};

/**
 * The quiz of one lecture, self-contained: the classroom page mounts it with `{ contentsid }`
 * (mounted by the /myclassProgress route into the classroom page). Focus moves to each new step's heading.
 */
export function QuizPanel({ contentsid }: { contentsid: number }) {
  const user = useSessionUser();
  if (!user.data) return <p className="quiz__note">{TEXT.signedOut}</p>;
  return <QuizFlow contentsid={contentsid} useruid={user.data.useruid} />;
}

function QuizFlow({ contentsid, useruid }: { contentsid: number; useruid: string }) {
  const { snapshot, send } = useQuiz(contentsid, useruid);
  const heading = useRef<HTMLHeadingElement>(null);
  const step = snapshot ? (typeof snapshot.value === 'string' ? snapshot.value : 'taking') : 'loading';
  const firstStep = useRef(true);
  useEffect(() => {
    // Not on the first paint of the page: only when the quiz itself moves on.
    if (firstStep.current) {
      firstStep.current = step === 'loading';
      return;
    }
    heading.current?.focus();
  }, [step]);

  const c = snapshot?.context;
  const title = c?.test?.title ?? TEXT.heading;
  return (
    <section
      className="quiz"
      aria-labelledby="quiz-heading"
      aria-busy={step === 'loading' || step === 'starting' || step === 'submitting'}
    >
      <h2 id="quiz-heading" className="quiz__title" ref={heading} tabIndex={-1}>
        {title}
      </h2>
      {!snapshot || step === 'loading' ? (
        <Pending onRetry={() => send({ type: 'RETRY' })}>
          <p className="quiz__note">{TEXT.loading}</p>
        </Pending>
      ) : step === 'loadFailed' ? (
        <div className="quiz__box" role="alert">
          <p>{TEXT.loadFailed}</p>
          <p className="quiz__error">{c!.error}</p>
          <button type="button" className="btn btn--dark" onClick={() => send({ type: 'RETRY' })}>
            {TEXT.retry}
          </button>
        </div>
      ) : step === 'noQuiz' ? (
        <p className="quiz__note">{TEXT.noQuiz}</p>
      ) : step === 'unavailable' ? (
        <div className="quiz__box">
          <p className="quiz__lead">{TEXT.unavailable}</p>
          <p>{c!.test!.reason}</p>
          {c!.test!.progress < c!.test!.requiredprogress && (
            <ProgressBar progress={c!.test!.progress} required={c!.test!.requiredprogress} />
          )}
        </div>
      ) : step === 'ready' || step === 'starting' ? (
        <QuizStart test={c!.test!} error={c!.error} starting={step === 'starting'} onStart={() => send({ type: 'START' })} />
      ) : step === 'alreadyPassed' ? (
        <div className="quiz__box quiz__box--pass">
          <p className="quiz__lead">{TEXT.alreadyPassed}</p>
          <p>{TEXT.passedScore(c!.passed!.score)}</p>
          <CertificateLinks contentsid={contentsid} />
        </div>
      ) : step === 'taking' ? (
        <QuizQuestions snapshot={snapshot} send={send} />
      ) : step === 'submitting' ? (
        <p className="quiz__note" role="status">
          {TEXT.submitting}
        </p>
      ) : step === 'submitFailed' ? (
        <div className="quiz__box" role="alert">
          <p>{TEXT.submitFailed}</p>
          <p className="quiz__error">{c!.error}</p>
          <button type="button" className="btn btn--primary" onClick={() => send({ type: 'RETRY' })}>
            {TEXT.resubmit}
          </button>
        </div>
      ) : step === 'checkingRetake' ? (
        <p className="quiz__note" role="status">
          {TEXT.checkingRetake}
        </p>
      ) : (
        <QuizResultView snapshot={snapshot} onRetake={() => send({ type: 'RETAKE' })}>
          <CertificateLinks contentsid={contentsid} />
        </QuizResultView>
      )}
    </section>
  );
}

function ProgressBar({ progress, required }: { progress: number; required: number }) {
  return (
    <div className="quiz__progress">
      <progress max={100} value={progress} aria-label={`현재 진도율 ${progress}%`} />
      <span>
        현재 {progress}% / 필요 {required}%
      </span>
    </div>
  );
}

function CertificateLinks({ contentsid }: { contentsid: number }) {
  return (
    <p className="quiz__actions">
      <Link to="/myCertificatesPrint/$contentsid" params={{ contentsid: String(contentsid) }} className="btn btn--primary">
        {TEXT.printCertificate}
      </Link>
      <Link to="/myCertificates" className="btn btn--dark">
        {TEXT.myCertificates}
      </Link>
    </p>
  );
}

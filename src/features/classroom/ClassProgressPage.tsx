import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { curriculumQuery, lectureDetailQuery } from '../../api/queries/catalog';
import { completeListQuery, lastWatchTimeQuery } from '../../api/queries/progress';
import { EmptyState } from '../../components/ui/EmptyState';
import { PageSkeleton } from '../../components/ui/Skeleton';
import { Pending } from '../../components/section/Pending';
import { SectionFailure } from '../../components/section/SectionFailure';
import type { NotFoundText } from '../../components/section/NotFoundCard';
import { formatDate, formatDuration } from '../../lib/format';
import { daysLeft, daysLeftText } from './period';
import { PlayerLink } from './PlayerLink';
import { ProgressBar } from './ProgressBar';
import { MaterialList } from './MaterialList';
import { classResumePoint } from './resumePoint';
import './classroom.css';

const CLASS_NOT_FOUND: NotFoundText = { title: '없는 클래스입니다.', back: { to: '/myclass', label: '내 강의실로' } };

type Completion = {
  videoid: number;
  sectionid: number;
  title: string;
  duration: number;
  watchedtime: number;
  iscomplete: boolean;
};

function lessonState(v: Completion) {
  if (v.iscomplete) return { text: '완료', className: 'lesson__state lesson__state--done' };
  if (v.watchedtime > 0)
    return {
      text: `${Math.min(99, Math.floor((v.watchedtime / Math.max(1, v.duration)) * 100))}% 시청`,
      className: 'lesson__state lesson__state--ing',
    };
  return { text: '미수강', className: 'lesson__state' };
}

interface ClassProgressPageProps {
  contentsid: number;
  useruid: string;
  /** The lecture's Q&A, mounted by the route (features do not import each other). */
  qna: React.ReactNode;
  /** The lecture's quiz (src/features/quiz) and the member's rating (src/features/ratings), mounted by the route. */
  quiz: React.ReactNode;
  rating: React.ReactNode;
}

/** /myclassProgress/$contentsid: overall progress, each video's completion, 이어보기, materials, Q&A, quiz and certificate. */
export function ClassProgressPage({ contentsid, useruid, qna, quiz, rating }: ClassProgressPageProps) {
  const detail = useQuery(lectureDetailQuery(contentsid, useruid));
  const videos = useQuery(completeListQuery(contentsid, useruid));
  const curriculum = useQuery(curriculumQuery(contentsid));
  const { data: last } = useQuery(lastWatchTimeQuery(useruid));

  const failed = [detail, videos, curriculum].find((q) => q.isError);
  if (failed && !failed.isFetching) {
    const retry = () => [detail, videos, curriculum].forEach((q) => q.isError && void q.refetch());
    return <SectionFailure error={failed.error} onRetry={retry} notFound={CLASS_NOT_FOUND} />;
  }
  if (!detail.data || !videos.data || !curriculum.data) {
    return (
      <Pending>
        <PageSkeleton lines={10} />
      </Pending>
    );
  }
  const [lecture, completion, sections] = [detail.data, videos.data, curriculum.data];

  if (!lecture.ispurchased) {
    return (
      <div className="page classroom">
        <EmptyState title="수강 중인 클래스가 아닙니다." hint="클래스를 구매하면 학습 현황을 볼 수 있습니다.">
          <Link to="/classView/$contentsid" params={{ contentsid }} className="btn btn--primary">
            클래스 보기
          </Link>
        </EmptyState>
      </div>
    );
  }

  const ended = lecture.expiredate !== null && daysLeft(lecture.expiredate) < 0;
  const done = completion.filter((v) => v.iscomplete).length;
  const resume = classResumePoint(contentsid, completion, last);
  return (
    <div className="page classroom class-progress">
      <section className="class-progress__head">
        <img src={lecture.thumbnail} alt="" width={480} height={300} />
        <div>
          <h2 className="class-progress__title">{lecture.title}</h2>
          <p className="class-progress__meta">
            {lecture.teachername} · 영상 {completion.length}개 · {formatDuration(lecture.totalduration)}
            {lecture.expiredate && (
              <>
                {' '}
                · {formatDate(lecture.expiredate)}까지 ({daysLeftText(lecture.expiredate, false)})
              </>
            )}
          </p>
          <ProgressBar percent={lecture.progress ?? 0} label="전체 진도율" />
          <p className="muted" data-testid="completed-count">
            완료한 영상 {done} / {completion.length}
          </p>
          <div className="class-progress__actions">
            {ended ? (
              <span className="class-card__ended">수강 기간이 끝나 재생할 수 없습니다</span>
            ) : (
              <PlayerLink contentsid={contentsid} videoid={resume.videoid} seconds={resume.seconds} className="btn btn--primary">
                이어보기
              </PlayerLink>
            )}
            <Link to="/myCertificates" className="btn">
              수료증 발급
            </Link>
          </div>
        </div>
      </section>

      <h3 className="class-block-title">커리큘럼</h3>
      {sections.map((section) => {
        const videos = completion.filter((v) => v.sectionid === section.sectionid);
        return (
          <section key={section.sectionid} className="lesson-section" aria-label={section.title}>
            <h4>
              {section.title}
              <span>
                {videos.filter((v) => v.iscomplete).length} / {videos.length} 완료
              </span>
            </h4>
            {videos.map((v) => {
              const state = lessonState(v);
              return (
                <div key={v.videoid} className="lesson" data-testid="lesson" data-complete={v.iscomplete}>
                  <div className="lesson__title">
                    {v.title}
                    <span className="lesson__time">{formatDuration(v.duration)}</span>
                  </div>
                  <span className={state.className}>{state.text}</span>
                  {!ended && (
                    <PlayerLink
                      contentsid={contentsid}
                      videoid={v.videoid}
                      seconds={v.iscomplete ? 0 : v.watchedtime}
                      className="btn btn--sm"
                    >
                      {v.watchedtime > 0 && !v.iscomplete ? '이어보기' : '재생'}
                    </PlayerLink>
                  )}
                </div>
              );
            })}
          </section>
        );
      })}

      <h3 className="class-block-title">강의 자료</h3>
      {ended ? (
        <p className="muted">수강 기간이 끝난 클래스의 자료는 내려받을 수 없습니다.</p>
      ) : (
        <MaterialList contentsid={contentsid} useruid={useruid} />
      )}
      <p className="muted">
        <Link to="/myEbook">전자책·자료 전체 보기</Link>
      </p>

      {quiz}

      <h3 className="class-block-title">수강평</h3>
      {rating}

      <h3 className="class-block-title">강의 Q&amp;A</h3>
      {qna}
    </div>
  );
}

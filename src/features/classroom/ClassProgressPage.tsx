import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { curriculumQuery, lectureDetailQuery } from '../../api/queries/catalog';
import { completeListQuery, lastWatchTimeQuery } from '../../api/queries/progress';
import { isApiError } from '../../api/errors';
import { EmptyState } from '../../components/ui/EmptyState';
import { SkeletonBlock } from '../../components/ui/Skeleton';
import { QueryState } from '../../components/section/QueryState';
import { SectionFailure } from '../../components/section/SectionFailure';
import type { NotFoundText } from '../../components/section/NotFoundCard';
import { enrolmentEnded } from '../../lib/enrolmentEnd';
import { MaterialList } from './MaterialList';
import { ProgressHead } from './ProgressHead';
import { LessonList } from './LessonList';
import './classroom.css';

const CLASS_NOT_FOUND: NotFoundText = { title: '없는 클래스입니다.', back: { to: '/myclass', label: '내 강의실로' } };

interface ClassProgressPageProps {
  contentsid: number;
  useruid: string;
  /** The lecture's Q&A, mounted by the route (features do not import each other). */
  qna: ReactNode;
  /** The lecture's quiz (src/features/quiz) and the member's rating (src/features/ratings), mounted by the route. */
  quiz: ReactNode;
  rating: ReactNode;
  /** The member's timestamped notes of the class (src/features/player), mounted by the route. */
  notes?: ReactNode;
}

/**
 * /myclassProgress/$contentsid: overall progress, each video's completion, 이어보기, materials, Q&A, quiz and
 * certificate. Each block renders from its own calls, so one failed call leaves its message in its own block.
 */
export function ClassProgressPage({ contentsid, useruid, qna, quiz, rating, notes }: ClassProgressPageProps) {
  const detail = useQuery(lectureDetailQuery(contentsid, useruid));
  const videos = useQuery(completeListQuery(contentsid, useruid));
  const sections = useQuery(curriculumQuery(contentsid));
  const last = useQuery(lastWatchTimeQuery(useruid));

  const lecture = detail.data;
  if (isApiError(detail.error) && detail.error.status === 404) {
    return <SectionFailure error={detail.error} notFound={CLASS_NOT_FOUND} onRetry={() => void detail.refetch()} />;
  }
  if (lecture && !lecture.ispurchased) {
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

  // Unknown while the record is missing: the server still refuses the player and the files after the period. The
  // same instant as the class view's (src/lib/enrolmentEnd.ts), not the calendar day, so the two never disagree.
  const ended = lecture?.ispurchased === true && enrolmentEnded(lecture.expiredate);
  return (
    <div className="page classroom class-progress">
      <QueryState query={detail} fallback={<SkeletonBlock height={220} />}>
        {(l) => <ProgressHead contentsid={contentsid} lecture={l} ended={ended} videos={videos} last={last} />}
      </QueryState>

      <h3 className="class-block-title">커리큘럼</h3>
      <LessonList contentsid={contentsid} sections={sections} videos={videos} ended={ended} />

      {notes ? (
        <>
          <h3 className="class-block-title">내 메모</h3>
          {notes}
        </>
      ) : null}

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

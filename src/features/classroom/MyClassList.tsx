import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { myLecturesQuery, type MyLecture } from '../../api/queries/classroom-lectures';
import { lastWatchTimeQuery } from '../../api/queries/progress';
import { EmptyState } from '../../components/ui/EmptyState';
import { PageSkeleton } from '../../components/ui/Skeleton';
import { InlineFailure } from '../../components/section/InlineFailure';
import { Pending } from '../../components/section/Pending';
import { QueryState } from '../../components/section/QueryState';
import { ClassCard, type ResumePoint } from './ClassCard';
import { lastWatchPoint } from './resumePoint';
import { ClassroomTabs } from './ClassroomTabs';
import './classroom.css';

export type ClassroomTab = 'ing' | 'end' | 'bookmark';

const HEADINGS: Record<ClassroomTab, { empty: string; hint: string }> = {
  ing: {
    empty: '수강중인 클래스가 없습니다.',
    hint: '관심 있는 클래스를 둘러보고 수강을 시작해보세요.',
  },
  end: { empty: '종료된 클래스가 없습니다.', hint: '수강 기간이 끝난 클래스가 여기에 모입니다.' },
  bookmark: {
    empty: '북마크한 클래스가 없습니다.',
    hint: '클래스 상세에서 북마크를 누르면 여기에 모입니다.',
  },
};

/** Resume at the server's last second when the last watched video is this class's; otherwise at the class's last video. */
function resumeOf(
  lecture: MyLecture,
  last: { contentsid: number; videoid: number; watchedtime: number; duration: number } | null | undefined,
): ResumePoint {
  if (last && last.contentsid === lecture.contentsid) return lastWatchPoint(last);
  return { videoid: lecture.lastvideoid, seconds: null };
}

/** /myclass, /myclassEnd and /myBookmark: one classroom tab as cards, with the count the side menu shows. */
export function MyClassList({ useruid, tab }: { useruid: string; tab: ClassroomTab }) {
  const lectures = useQuery(myLecturesQuery(useruid, tab));
  // The exact second only sharpens 이어보기: the cards do not wait for it.
  const lastQuery = useQuery({ ...lastWatchTimeQuery(useruid), enabled: tab !== 'end' });
  const last = lastQuery.data;
  const lastFailed = last === undefined && lastQuery.isError && !lastQuery.isFetching;
  const text = HEADINGS[tab];
  return (
    <div className="page classroom">
      <ClassroomTabs />
      <QueryState query={lectures} fallback={<PageSkeleton lines={8} />}>
        {(mine) => (
          <>
            {/* The title band already names the tab (layout B): the heading says only how many. */}
            <h2 className="classroom__heading">
              전체 <b data-testid="classroom-count">{mine.totalCount}</b>개
            </h2>
            {mine.list.length === 0 ? (
              <EmptyState title={text.empty} hint={text.hint}>
                <Link to="/main" className="btn btn--primary">
                  클래스 둘러보기
                </Link>
              </EmptyState>
            ) : (
              <>
                {/* 이어보기 still opens each class at its last video; only the exact second is missing. */}
                {lastFailed ? (
                  <InlineFailure subject="마지막 시청 위치" error={lastQuery.error} onRetry={() => void lastQuery.refetch()} />
                ) : null}
                {/* A resume point still on its way says so past 3 s, and past 5 s offers 다시 시도 (issue 26). */}
                {last === undefined && lastQuery.isFetching ? (
                  <div className="section-wait-collapsed">
                    <Pending />
                  </div>
                ) : null}
                <div className="class-cards">
                  {mine.list.map((lecture) => (
                    <ClassCard key={lecture.contentsid} lecture={lecture} resume={resumeOf(lecture, last)} />
                  ))}
                </div>
              </>
            )}
          </>
        )}
      </QueryState>
    </div>
  );
}

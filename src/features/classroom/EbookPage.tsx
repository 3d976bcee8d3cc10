import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { myLecturesQuery } from '../../api/queries/classroom-lectures';
import { EmptyState } from '../../components/ui/EmptyState';
import { PageSkeleton } from '../../components/ui/Skeleton';
import { QueryState } from '../../components/section/QueryState';
import { MaterialList } from './MaterialList';
import { REFUND_POLICY } from '../../../rules/refund';
import { ClassroomTabs } from './ClassroomTabs';
import './classroom.css';

/**
 * /myEbook: the e-books and handouts of the classes the member is taking. Ended classes are left out: their
 * materials are the owners' only while the class runs (the server answers 403 after that).
 */
export function EbookPage({ useruid }: { useruid: string }) {
  const lectures = useQuery(myLecturesQuery(useruid, 'ing'));
  return (
    <div className="page classroom">
      <ClassroomTabs />
      <h2 className="classroom__heading">전자책·강의 자료</h2>
      <p className="muted">{REFUND_POLICY.downloadNotice}</p>
      <QueryState query={lectures} fallback={<PageSkeleton lines={6} />}>
        {(mine) =>
          mine.list.length === 0 ? (
            <EmptyState
              title="내려받을 수 있는 자료가 없습니다."
              hint="클래스를 수강하면 전자책과 교안을 여기에서 내려받을 수 있습니다."
            >
              <Link to="/main" className="btn btn--primary">
                클래스 둘러보기
              </Link>
            </EmptyState>
          ) : (
            mine.list.map((lecture) => (
              <section key={lecture.contentsid} className="ebook-class" aria-label={lecture.title}>
                <h3>{lecture.title}</h3>
                <p>
                  {lecture.teachername} ·{' '}
                  <Link to="/myclassProgress/$contentsid" params={{ contentsid: String(lecture.contentsid) }}>
                    학습 현황
                  </Link>
                </p>
                <MaterialList contentsid={lecture.contentsid} useruid={useruid} notice={false} />
              </section>
            ))
          )
        }
      </QueryState>
    </div>
  );
}

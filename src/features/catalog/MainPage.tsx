import { useQuery } from '@tanstack/react-query';
import { popularLecturesQuery, recentLecturesQuery } from '../../api/queries/main';
import { HeroBanner } from './HeroBanner';
import { LectureStrip } from './LectureStrip';
import { MainContents } from './MainContents';
import { MainReviews } from './MainReviews';
import { MainStats } from './MainStats';
import './catalog.css';

/** /main: banner first (LCP), then sections that fetch after first paint. */
export function MainPage() {
  const recent = useQuery(recentLecturesQuery());
  const popular = useQuery(popularLecturesQuery());
  return (
    <div className="main-page">
      <h1 className="sr-only">필라테스재활협회 온라인클래스</h1>
      <HeroBanner />
      <div className="page main-page__body">
        <LectureStrip title={<>새로 열린 <em>클래스</em></>} result={recent} />
        <MainContents />
        <LectureStrip title={<>지금 가장 <em>인기 있는</em> 클래스</>} result={popular} />
        <MainReviews />
      </div>
      <MainStats />
    </div>
  );
}

import { useQuery } from '@tanstack/react-query';
import { popularLecturesQuery } from '../../api/queries/catalog';
import { LectureStrip } from './LectureStrip';
import { MainContents } from './MainContents';
import { MainReviews } from './MainReviews';

/** The /main sections under the first strip: loaded, rendered and fetched when they near the viewport. */
export function MainBelowFold() {
  const popular = useQuery(popularLecturesQuery());
  return (
    <>
      <MainContents />
      <LectureStrip
        title={
          <>
            지금 가장 <em>인기 있는</em> 클래스
          </>
        }
        query={popular}
      />
      <MainReviews />
    </>
  );
}

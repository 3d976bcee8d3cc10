// @first-paint: travels in the first chunk with the libraries (vite.config.ts)
import { lazy } from 'react';
import { useQuery } from '@tanstack/react-query';
import { recentLecturesQuery } from '../../api/queries/catalogMain';
import { Deferred } from '../../components/layout/Deferred';
import { Section } from '../../components/section/Section';
import { LectureGridSkeleton } from '../../components/ui/Skeleton';
import { HeroBanner } from './HeroBanner';
import { LectureStrip } from './LectureStrip';
import { MainSkeleton } from './MainSkeleton';
import './catalog.css';

const MainBelowFold = lazy(() => import('./MainBelowFold').then((m) => ({ default: m.MainBelowFold })));
const MainStats = lazy(() => import('./MainStats').then((m) => ({ default: m.MainStats })));

/**
 * /main: banner first (LCP) and the first strip; every section below them renders, loads its code and
 * fetches its data only when it nears the viewport, in a box reserving its height. Each fails on its own.
 */
export function MainPage() {
  const recent = useQuery(recentLecturesQuery());
  return (
    <div className="main-page">
      <h1 className="sr-only">필라테스재활협회 온라인클래스</h1>
      <Section fallback={<MainSkeleton />}>
        <HeroBanner />
      </Section>
      <div className="page main-page__body">
        <LectureStrip
          title={
            <>
              새로 열린 <em>클래스</em>
            </>
          }
          query={recent}
        />
        <Deferred minHeight={1200}>
          <Section fallback={<LectureGridSkeleton count={4} />}>
            <MainBelowFold />
          </Section>
        </Deferred>
      </div>
      <Deferred minHeight={220}>
        <Section>
          <MainStats />
        </Section>
      </Deferred>
    </div>
  );
}

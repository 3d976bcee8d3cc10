// @first-paint: travels in the first chunk with the libraries (vite.config.ts)
import { lazy, Suspense } from 'react';
import { useQuery } from '@tanstack/react-query';
import { recentLecturesQuery } from '../../api/queries/catalogMain';
import { useSessionUser } from '../../auth/sessionStore';
import { Deferred } from '../../components/layout/Deferred';
import { Section } from '../../components/section/Section';
import { LectureGridSkeleton } from '../../components/ui/Skeleton';
import { HeroBanner } from './HeroBanner';
import { LectureStrip } from './LectureStrip';
import { MainSkeleton } from './MainSkeleton';
import './catalog.css';

const MainBelowFold = lazy(() => import('./MainBelowFold').then((m) => ({ default: m.MainBelowFold })));
const MainStats = lazy(() => import('./MainStats').then((m) => ({ default: m.MainStats })));
// A member's "이어서 학습하기" (issue 26): its code and call come after first paint, and never for a visitor.
const ContinueLearning = lazy(() => import('./ContinueLearning').then((m) => ({ default: m.ContinueLearning })));

/**
 * /main: banner first (LCP) and the first strip; every section below them renders, loads its code and
 * fetches its data only when it nears the viewport, in a box reserving its height. Each fails on its own.
 */
export function MainPage() {
  const recent = useQuery(recentLecturesQuery());
  const useruid = useSessionUser().data?.useruid;
  return (
    <div className="main-page">
      <h1 className="sr-only">필라테스재활협회 온라인클래스</h1>
      <Section fallback={<MainSkeleton />}>
        <HeroBanner />
      </Section>
      <div className="page main-page__body">
        {useruid ? (
          <Suspense fallback={<div className="continue-slot" />}>
            <ContinueLearning useruid={useruid} />
          </Suspense>
        ) : null}
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

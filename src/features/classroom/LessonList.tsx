import type { UseQueryResult } from '@tanstack/react-query';
import { QueryState } from '../../components/section/QueryState';
import { SkeletonBlock } from '../../components/ui/Skeleton';
import { formatClock } from '../../lib/format';
import { PlayerLink } from './PlayerLink';

type Completion = {
  videoid: number;
  sectionid: number;
  title: string;
  duration: number;
  watchedtime: number;
  watchedsec: number;
  iscomplete: boolean;
};
type CurriculumSection = { sectionid: number; title: string };

function lessonState(v: Completion) {
  if (v.iscomplete) return { text: '완료', className: 'lesson__state lesson__state--done' };
  // The share the server counts as watched, not the position: a jump to the end is no watching (issue 42).
  if (v.watchedsec > 0)
    return {
      text: `${Math.min(99, Math.floor((v.watchedsec / Math.max(1, v.duration)) * 100))}% 시청`,
      className: 'lesson__state lesson__state--ing',
    };
  return { text: '미수강', className: 'lesson__state' };
}

interface LessonListProps {
  contentsid: number;
  sections: UseQueryResult<CurriculumSection[]>;
  videos: UseQueryResult<Completion[]>;
  /** The period is over: no way into the player. */
  ended: boolean;
}

/** The curriculum of /myclassProgress: each section's videos with their completion; each of its two calls fails alone. */
export function LessonList({ contentsid, sections, videos, ended }: LessonListProps) {
  const skeleton = <SkeletonBlock height={240} />;
  return (
    <QueryState query={sections} fallback={skeleton}>
      {(curriculum) => (
        <QueryState query={videos} fallback={skeleton}>
          {(completion) =>
            curriculum.map((section) => (
              <LessonSection
                key={section.sectionid}
                contentsid={contentsid}
                title={section.title}
                videos={completion.filter((v) => v.sectionid === section.sectionid)}
                ended={ended}
              />
            ))
          }
        </QueryState>
      )}
    </QueryState>
  );
}

function LessonSection({
  contentsid,
  title,
  videos,
  ended,
}: {
  contentsid: number;
  title: string;
  videos: Completion[];
  ended: boolean;
}) {
  return (
    <section className="lesson-section" aria-label={title}>
      <h4>
        {title}
        <span>
          {videos.filter((v) => v.iscomplete).length} / {videos.length} 완료
        </span>
      </h4>
      {videos.map((v) => {
        const state = lessonState(v);
        return (
          <div key={v.videoid} className="lesson" data-testid="lesson" data-videoid={v.videoid} data-complete={v.iscomplete}>
            <div className="lesson__title">
              {v.title}
              <span className="lesson__time">{formatClock(v.duration)}</span>
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
}

import type { ReactNode } from 'react';
import type { components } from '../../api/schema.gen';
import { formatClock } from './clock';
import { LockIcon } from './LockIcon';

type Video = components['schemas']['Video'];
type Section = components['schemas']['CurriculumSection'];

interface CurriculumPanelProps {
  sections: Section[];
  videos: Video[];
  currentId: number;
  onPick: (video: Video) => void;
  /** The section titles could not be read: said here, the videos stay under numbered sections. */
  sectionsFailure?: ReactNode;
  /** The videos could not be read: said here, the section titles stay. */
  videosFailure?: ReactNode;
}

/** Videos by section; the playing one marked, completed ones checked, videos the member may not play locked. */
export function CurriculumPanel({ sections, videos, currentId, onPick, sectionsFailure, videosFailure }: CurriculumPanelProps) {
  // Sections from the curriculum call; videos whose section it does not list still show, under their own id.
  const groups = [...sections.map((s) => ({ id: s.sectionid, title: s.title }))];
  for (const v of videos)
    if (!groups.some((g) => g.id === v.sectionid)) groups.push({ id: v.sectionid, title: `섹션 ${v.sectionid}` });
  return (
    <nav className="player-curriculum" aria-label="커리큘럼">
      {sectionsFailure}
      {videosFailure}
      {groups.map((g) => {
        const list = videos.filter((v) => v.sectionid === g.id);
        if (videosFailure)
          return (
            <section key={g.id} className="player-curriculum__section">
              <h3 className="player-curriculum__title">{g.title}</h3>
            </section>
          );
        if (list.length === 0) return null;
        return (
          <section key={g.id} className="player-curriculum__section">
            <h3 className="player-curriculum__title">{g.title}</h3>
            <ol className="player-curriculum__list">
              {list.map((v) => {
                const playable = v.path !== null;
                const current = v.videoid === currentId;
                return (
                  <li key={v.videoid}>
                    <button
                      type="button"
                      className="player-curriculum__item"
                      data-videoid={v.videoid}
                      data-complete={v.iscomplete || undefined}
                      aria-current={current ? 'true' : undefined}
                      data-locked={!playable || undefined}
                      onClick={() => onPick(v)}
                    >
                      <span className="player-curriculum__mark" aria-hidden="true">
                        {current ? '▶\uFE0E' : v.iscomplete ? '✓' : playable ? '' : <LockIcon size={14} />}
                      </span>
                      <span className="player-curriculum__name">{v.title}</span>
                      <span className="player-curriculum__meta">
                        {v.iscomplete ? <span className="player-sr">수강 완료, </span> : null}
                        {/* A locked lecture stays pickable: the stage then says why and offers buying (issue 26). */}
                        {playable ? null : <span className="player-sr">구매 후 수강 가능, </span>}
                        {formatClock(v.duration)}
                      </span>
                    </button>
                  </li>
                );
              })}
            </ol>
          </section>
        );
      })}
    </nav>
  );
}

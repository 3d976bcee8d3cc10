import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { curriculumQuery, curriculumSectionsQuery } from '../../api/queries/catalog';
import { SkeletonBlock } from '../../components/ui/Skeleton';
import { QueryState } from '../../components/section/QueryState';
import { formatClock, formatDuration } from '../../lib/format';
import { PreviewPlayer, type PreviewVideo } from './PreviewPlayer';

/** Curriculum: section summary (GetCurriculumSection) and sections with videos (CurriculumList). */
export function Curriculum({ contentsid }: { contentsid: number }) {
  const sections = useQuery(curriculumSectionsQuery(contentsid));
  const full = useQuery(curriculumQuery(contentsid));
  const [preview, setPreview] = useState<PreviewVideo>();
  return (
    <section className="class-block" id="curriculum">
      <h3 className="class-block__title">커리큘럼</h3>
      {/* Its own call: when it fails or is late, the line says so with 다시 시도, as the list below does (fault matrix). */}
      <QueryState query={sections}>
        {(list) => (
          <p className="muted">
            {list.length}개 섹션 · 영상 {list.reduce((n, s) => n + s.videocount, 0)}개
          </p>
        )}
      </QueryState>
      <QueryState query={full} fallback={<SkeletonBlock height={160} />}>
        {(curriculum) => (
          <ol className="curriculum">
            {curriculum.map((s) => (
              <li key={s.sectionid} className="curriculum__section">
                <div className="curriculum__head">
                  <strong>{s.title}</strong>
                  <span className="muted">
                    {s.videocount}강 · {formatDuration(s.totalduration)}
                  </span>
                </div>
                <ul className="curriculum__videos">
                  {s.videos.map((v) => (
                    <li key={v.videoid}>
                      <span>{v.title}</span>
                      {/* The free lecture plays here for anyone (issue 26). */}
                      {v.ispreview && (
                        <button
                          type="button"
                          className="preview-badge preview-badge--button"
                          aria-label={`${v.title} 미리보기 재생`}
                          onClick={() => setPreview({ videoid: v.videoid, title: v.title })}
                        >
                          미리보기
                        </button>
                      )}
                      {/* A video's own length as the player shows it; the section's minutes are their sum, rounded once. */}
                      <span className="muted">{formatClock(v.duration)}</span>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ol>
        )}
      </QueryState>
      {preview && <PreviewPlayer video={preview} onClose={() => setPreview(undefined)} />}
    </section>
  );
}

import { Link } from '@tanstack/react-router';
import type { UseQueryResult } from '@tanstack/react-query';
import type { components } from '../../api/schema.gen';
import { formatDate, formatDuration } from '../../lib/format';
import { ENROLMENT_ENDED_TEXT, endedOnText } from '../../lib/enrolmentEnd';
import { daysLeftText } from './period';
import { ProgressBar } from './ProgressBar';
import { ResumeLink } from './ResumeLink';
import { certificateRuleText, videosStillNeeded } from '../../../rules/certificate';
import { termsOf } from '../../lib/certificateTerms';

type LectureDetail = components['schemas']['LectureDetail'];
type Completion = { videoid: number; watchedtime: number; iscomplete: boolean };

interface ProgressHeadProps {
  contentsid: number;
  lecture: LectureDetail;
  ended: boolean;
  videos: UseQueryResult<Completion[]>;
  last: UseQueryResult<{ contentsid: number; videoid: number; watchedtime: number; duration: number } | null>;
}

/**
 * Top of /myclassProgress: the class, its period, overall progress, 이어보기 and the certificate. An ended class says
 * so with its end date, as the class view does, and offers 다시 구매하기 where 이어보기 was (issue 26).
 */
/** What the certificate still needs, where 수료증 발급 would otherwise lead to a list without this class. */
const stillNeededText = (videos: number) => `수료증 발급까지 시청 완료할 영상이 ${videos}개 남았습니다. 수료 기준은 위와 같습니다.`;

export function ProgressHead({ contentsid, lecture, ended, videos, last }: ProgressHeadProps) {
  const completion = videos.data;
  const needed = completion
    ? videosStillNeeded(completion.filter((v) => v.iscomplete).length, completion.length, termsOf(lecture.certificaterule))
    : 0;
  return (
    <section className="class-progress__head">
      <img src={lecture.thumbnail} alt="" width={480} height={300} />
      <div>
        <h2 className="class-progress__title">{lecture.title}</h2>
        <p className="class-progress__meta">
          {lecture.teachername} · 영상 {completion?.length ?? lecture.videocount}개 · {formatDuration(lecture.totalduration)}
          {lecture.expiredate && (
            <>
              {' '}
              · {formatDate(lecture.expiredate)}까지 ({daysLeftText(lecture.expiredate, false)})
            </>
          )}
        </p>
        <ProgressBar percent={lecture.progress ?? 0} label="전체 진도율" />
        {/* Without the completion list the count is unknown; the curriculum below says why, with 다시 시도. */}
        {completion && (
          <p className="muted" data-testid="completed-count">
            완료한 영상 {completion.filter((v) => v.iscomplete).length} / {completion.length}
          </p>
        )}
        <p className="muted class-progress__rule">수료 기준: {certificateRuleText(termsOf(lecture.certificaterule))}</p>
        {ended && lecture.expiredate ? (
          <p className="class-progress__ended" role="note">
            <strong>{ENROLMENT_ENDED_TEXT}</strong> <span>({endedOnText(lecture.expiredate)})</span>
          </p>
        ) : null}
        <div className="class-progress__actions actions-row">
          {ended ? (
            // Buying again is allowed once the period is over (the server's ownership is "owns it now").
            <Link to="/payment/$contentsids" params={{ contentsids: String(contentsid) }} className="btn btn--primary">
              다시 구매하기
            </Link>
          ) : (
            <ResumeLink contentsid={contentsid} last={last} videos={videos} />
          )}
          {needed > 0 ? null : (
            <Link to="/myCertificates" className="btn">
              수료증 발급
            </Link>
          )}
        </div>
        {/* Before enough videos are complete the certificate list would not have this class: the page says what is left. */}
        {needed > 0 && !ended ? (
          <p className="class-progress__certificate" role="note" data-testid="certificate-needs">
            {stillNeededText(needed)}
          </p>
        ) : null}
      </div>
    </section>
  );
}

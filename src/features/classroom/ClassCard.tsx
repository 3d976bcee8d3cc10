import { Link } from '@tanstack/react-router';
import type { MyLecture } from '../../api/queries/classroom-lectures';
import { ClassThumbLink } from '../../components/ui/ClassThumbLink';
import { formatDate } from '../../lib/format';
import { ENROLMENT_ENDED_TEXT, endedOnText } from '../../lib/enrolmentEnd';
import { daysLeft, daysLeftText, periodText } from './period';
import { PlayerLink } from './PlayerLink';
import { ProgressBar } from './ProgressBar';

/** Where "이어보기" goes: the last video, at its stored second when the server told us that second. */
export interface ResumePoint {
  videoid: number | null;
  seconds: number | null;
}

/** Days left at or under which the period is shown as urgent. */
const SOON_DAYS = 7;

/** One class of the member's classroom: progress, period, last watched, 이어보기 (never on an ended class). */
export function ClassCard({ lecture, resume }: { lecture: MyLecture; resume: ResumePoint }) {
  const ended = lecture.isexpired;
  const left = daysLeft(lecture.expiredate);
  return (
    <article
      className={`class-card${ended ? ' class-card--ended' : ''}`}
      data-testid="class-card"
      data-contentsid={lecture.contentsid}
    >
      <ClassThumbLink contentsid={lecture.contentsid} className="class-card__thumb">
        <img src={lecture.thumbnail} alt="" width={480} height={300} loading="lazy" decoding="async" />
        {ended && <span className="class-card__badge">수강 종료</span>}
        {!ended && lecture.isbookmarked && <span className="class-card__badge class-card__badge--mark">북마크</span>}
      </ClassThumbLink>
      <div className="class-card__body">
        <p className="class-card__category">{lecture.ctgrname}</p>
        <h3 className="class-card__title">
          <Link to="/classView/$contentsid" params={{ contentsid: lecture.contentsid }}>
            {lecture.title}
          </Link>
        </h3>
        <ProgressBar percent={lecture.progress} />
        <dl className="class-card__facts">
          <div>
            <dt>수강 기간</dt>
            <dd>
              {periodText(lecture.startdate, lecture.expiredate)}{' '}
              <strong className={!ended && left <= SOON_DAYS ? 'class-card__soon' : undefined}>
                {daysLeftText(lecture.expiredate, ended)}
              </strong>
            </dd>
          </div>
          <div>
            <dt>최근 학습</dt>
            <dd>{lecture.lastwatched ? formatDate(lecture.lastwatched) : '아직 학습 기록이 없습니다'}</dd>
          </div>
        </dl>
        <div className="class-card__actions">
          {ended ? (
            <>
              <span className="class-card__ended" role="note">
                {ENROLMENT_ENDED_TEXT} ({endedOnText(lecture.expiredate)})
              </span>
              {/* Buying again is allowed once the period is over (server: ownership "owns it now"). */}
              <Link
                to="/payment/$contentsids"
                params={{ contentsids: String(lecture.contentsid) }}
                className="btn btn--sm btn--primary"
              >
                바로 구매
              </Link>
            </>
          ) : (
            <PlayerLink contentsid={lecture.contentsid} videoid={resume.videoid} seconds={resume.seconds}>
              {lecture.lastvideoid ? '이어보기' : '학습 시작'}
            </PlayerLink>
          )}
          <Link to="/myclassProgress/$contentsid" params={{ contentsid: String(lecture.contentsid) }} className="btn btn--sm">
            학습 현황
          </Link>
        </div>
      </div>
    </article>
  );
}

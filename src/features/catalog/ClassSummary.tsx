import { Link } from '@tanstack/react-router';
import type { components } from '../../api/schema.gen';
import { Price } from '../../components/ui/Price';
import { Stars } from '../../components/ui/Stars';
import { formatCount, formatDuration } from '../../lib/format';
import { useLectureActions } from './useLectureActions';
import { BuyActions } from './BuyActions';
import { BookmarkToggle } from './BookmarkToggle';
import { useSessionUser } from '../../auth/sessionStore';
import { ENROLMENT_ENDED_TEXT, endedOnText, enrolmentEnded } from '../../lib/enrolmentEnd';
import { viewingAs } from '../../components/viewAs/readOnly';

type LectureDetail = components['schemas']['LectureDetail'];

/** Top of the class view: thumbnail, title, facts, price and the two actions. */
export function ClassSummary({ lecture }: { lecture: LectureDetail }) {
  const actions = useLectureActions(lecture.contentsid);
  const free = lecture.saleprice === 0;
  const useruid = useSessionUser().data?.useruid;
  // An ended enrolment is still "purchased" in the record: it says so and offers buying again (issue 26).
  const ended = lecture.ispurchased && enrolmentEnded(lecture.expiredate);
  return (
    <section className="class-summary">
      <div className="class-summary__thumb">
        <img src={lecture.thumbnail} alt="" width={640} height={400} fetchPriority="high" />
      </div>
      <div className="class-summary__info">
        <p className="class-summary__category">{lecture.ctgrname}</p>
        <h2 className="class-summary__title">{lecture.title}</h2>
        <p className="class-summary__subtitle">{lecture.subtitle}</p>
        <p className="class-summary__rating">
          <Stars score={lecture.ratingavg} /> <strong>{lecture.ratingavg.toFixed(1)}</strong>
          <span className="muted">
            수강평 {lecture.ratingcnt}개 · 수강생 {formatCount(lecture.studentcnt)}명
          </span>
        </p>
        <dl className="class-facts">
          <div>
            <dt>강사</dt>
            <dd>{lecture.teachername}</dd>
          </div>
          <div>
            <dt>강의 구성</dt>
            <dd>
              영상 {lecture.videocount}개 · {formatDuration(lecture.totalduration)}
            </dd>
          </div>
          <div>
            <dt>수강 기간</dt>
            <dd>결제일로부터 {lecture.period}일</dd>
          </div>
        </dl>
        <Price price={lecture.price} saleprice={lecture.saleprice} isfree={lecture.isfree} size="lg" />
        {ended && lecture.expiredate ? (
          <p className="class-ended" role="note">
            <strong>{ENROLMENT_ENDED_TEXT}</strong> <span>({endedOnText(lecture.expiredate)})</span>
          </p>
        ) : null}
        <div className="class-actions actions-row">
          {lecture.ispurchased && !ended ? (
            <>
              {/* The bookmark's state is the member's whole list, which a member view (회원 화면으로 보기) does not read. */}
              {useruid && !viewingAs && <BookmarkToggle contentsid={lecture.contentsid} useruid={useruid} />}
              <Link to="/player/$contentsid" params={{ contentsid: String(lecture.contentsid) }} className="btn btn--primary">
                바로 수강하기
              </Link>
            </>
          ) : (
            <BuyActions free={free} inCart={lecture.isincart} title={lecture.title} actions={actions} />
          )}
        </div>
      </div>
    </section>
  );
}

import { Link } from '@tanstack/react-router';
import { useMyCertificates } from './useMyCertificates';
import { EmptyPage } from '../../components/page/EmptyPage';
import { longKoreanDate } from './certificateText';
import { formatDuration } from '../../lib/format';
import { certificateRuleText } from '../../../rules/certificate';
import { termsOf } from '../../lib/certificateTerms';
import './certificate-print.css';

const TEXT = {
  notFound: `출력할 수 있는 수료증이 없습니다. ${certificateRuleText()}`,
  revoked: (day: string) => `이 수료증은 ${day}에 발급 기관이 취소하여 출력할 수 없습니다. 궁금한 점은 1:1 문의로 알려주세요.`,
  back: '수료증 목록으로',
  print: '인쇄하기',
  heading: '수 료 증',
  english: 'CERTIFICATE OF COMPLETION',
  name: '성명',
  course: '과정명',
  date: '수료일',
  hours: '교육시간',
  number: '수료증 번호',
  statement: '위 사람은 본 협회가 운영하는 온라인 교육과정을 성실히 이수하였기에 이 수료증을 수여합니다.',
  rule: '이수 기준',
  verify: '진위 확인',
  hint: '인쇄 설정에서 용지를 A4, 방향을 세로로 선택해주세요.',
};

/** /myCertificatesPrint/$contentsid: one A4 portrait page; print CSS hides everything but the certificate. */
export function CertificatePrintPage({ contentsid }: { contentsid: number }) {
  const { list, fallback } = useMyCertificates();
  if (fallback) return fallback;
  const lecture = list.find((l) => l.contentsid === contentsid);
  const c = lecture?.certificate;
  if (!lecture || !c)
    return (
      <EmptyPage title="수료증 출력" message={TEXT.notFound} headingLevel={1}>
        <Link to="/myCertificates" className="btn btn--dark">
          {TEXT.back}
        </Link>
      </EmptyPage>
    );
  // A revoked certificate no longer prints: the public check says it no longer stands.
  if (c.revokedat)
    return (
      <EmptyPage title="수료증 출력" message={TEXT.revoked(longKoreanDate(c.revokedat))} headingLevel={1}>
        <Link to="/myCertificates" className="btn btn--dark">
          {TEXT.back}
        </Link>
      </EmptyPage>
    );
  const verifyAt = `${window.location.origin}/certificate/${c.certificateno}`;
  return (
    <div className="cert-print">
      <div className="cert-print__tools">
        <Link to="/myCertificates" className="btn btn--dark btn--sm">
          {TEXT.back}
        </Link>
        <button type="button" className="btn btn--primary btn--sm" onClick={() => window.print()}>
          {TEXT.print}
        </button>
        <p className="cert-print__hint">{TEXT.hint}</p>
      </div>
      <article className="certificate" aria-label={`${c.title} 수료증`}>
        <p className="certificate__no">
          {TEXT.number} {c.certificateno}
        </p>
        <h1 className="certificate__heading">{TEXT.heading}</h1>
        <p className="certificate__english">{TEXT.english}</p>
        <dl className="certificate__fields">
          <div>
            <dt>{TEXT.name}</dt>
            <dd className="certificate__name">{c.username}</dd>
          </div>
          <div>
            <dt>{TEXT.course}</dt>
            <dd>{c.title}</dd>
          </div>
          <div>
            <dt>{TEXT.date}</dt>
            <dd>{longKoreanDate(c.completedate)}</dd>
          </div>
          <div>
            <dt>{TEXT.hours}</dt>
            {/* The class's video durations, in words: a 25-minute class read "0.4시간". */}
            <dd>{formatDuration(lecture.totalduration)}</dd>
          </div>
        </dl>
        <p className="certificate__statement">{TEXT.statement}</p>
        <p className="certificate__date">{longKoreanDate(c.completedate)}</p>
        <p className="certificate__issuer">
          {c.issuer}
          <span className="certificate__seal" aria-hidden="true">
            인
          </span>
        </p>
        <p className="certificate__rule">
          {TEXT.rule}: {certificateRuleText(termsOf(c.rule))}
        </p>
        <p className="certificate__verify">
          {TEXT.verify}: {verifyAt}
        </p>
      </article>
    </div>
  );
}

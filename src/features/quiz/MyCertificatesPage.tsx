import { Link } from '@tanstack/react-router';
import { useMyCertificates } from './useMyCertificates';
import { EmptyPage } from '../../components/page/EmptyPage';
import { formatDate, formatDuration } from '../../lib/format';
import { longKoreanDate } from './certificateText';
import { certificateRuleText } from '../../../rules/certificate';
import './certificate.css';

const TEXT = {
  title: '수료증 발급',
  empty: `발급된 수료증이 없습니다. ${certificateRuleText()}`,
  count: (n: number) => `발급된 수료증 ${n}건`,
  issued: '발급일',
  number: '수료증 번호',
  hours: (seconds: number) => `교육시간 ${formatDuration(seconds)}`,
  print: '출력',
  verify: '진위 확인',
  revoked: (day: string) => `${day}에 발급 기관이 취소한 수료증입니다. 출력할 수 없으며, 궁금한 점은 1:1 문의로 알려주세요.`,
};

/** /myCertificates: every completed lecture with its certificate number, an 출력 link and the public check. */
export function MyCertificatesPage() {
  const { list, fallback } = useMyCertificates();
  if (fallback) return fallback;
  if (list.length === 0) return <EmptyPage title={TEXT.title} message={TEXT.empty} />;
  return (
    <section className="page certs">
      <h2 className="certs__title">{TEXT.count(list.length)}</h2>
      <ul className="certs__list">
        {list.map((l) => {
          const c = l.certificate!;
          return (
            <li key={l.contentsid} className="certs__item">
              <div className="certs__body">
                <h3 className="certs__class">{c.title}</h3>
                <dl className="certs__meta">
                  <div>
                    <dt>{TEXT.issued}</dt>
                    <dd>{formatDate(c.completedate)}</dd>
                  </div>
                  <div>
                    <dt>{TEXT.number}</dt>
                    <dd className="certs__no">{c.certificateno}</dd>
                  </div>
                </dl>
                <p className="certs__hours">{TEXT.hours(l.totalduration)}</p>
                {c.revokedat && (
                  <p className="certs__revoked" role="note">
                    {TEXT.revoked(longKoreanDate(c.revokedat))}
                  </p>
                )}
              </div>
              <div className="certs__actions">
                {!c.revokedat && (
                  <Link
                    to="/myCertificatesPrint/$contentsid"
                    params={{ contentsid: String(l.contentsid) }}
                    className="btn btn--primary btn--sm"
                    aria-label={`${c.title} 수료증 ${TEXT.print}`}
                  >
                    {TEXT.print}
                  </Link>
                )}
                <Link
                  to="/certificate/$certificateno"
                  params={{ certificateno: c.certificateno }}
                  className="btn btn--dark btn--sm"
                  aria-label={`${c.title} 수료증 ${TEXT.verify}`}
                >
                  {TEXT.verify}
                </Link>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

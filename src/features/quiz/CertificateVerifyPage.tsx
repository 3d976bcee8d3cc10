import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { certificateCheckQuery } from '../../api/queries/quiz';
import { GENERIC_FAILURE_MESSAGE, isApiError } from '../../api/errors';
import { Pending } from '../../components/section/Pending';
import { longKoreanDate } from './certificateText';
import './certificate.css';

const TEXT = {
  title: '수료증 번호로 확인',
  intro: '수료증에 적힌 번호로 발급 여부를 확인할 수 있습니다. 개인정보 보호를 위해 성명은 일부만 표시됩니다.',
  label: '수료증 번호',
  check: '확인',
  empty: '수료증 번호를 입력해주세요.',
  checking: '확인하는 중입니다.',
  valid: '정상 발급된 수료증입니다.',
  revoked: (day: string) => `취소된 수료증입니다. ${day}에 발급 기관이 취소하여 더 이상 유효하지 않습니다.`,
  revokedOn: '취소일',
  name: '성명',
  course: '과정명',
  date: '수료일',
  issuer: '발급 기관',
};

/** /certificate/$certificateno: public; the holder's name masked, an unknown number said so. */
export function CertificateVerifyPage({ certificateno }: { certificateno: string }) {
  const navigate = useNavigate();
  const [typed, setTyped] = useState(certificateno);
  const [empty, setEmpty] = useState(false);
  const check = useQuery(certificateCheckQuery(certificateno));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const number = typed.trim().toUpperCase();
    setEmpty(!number);
    if (number) void navigate({ to: '/certificate/$certificateno', params: { certificateno: number } });
  };
  return (
    <section className="page cert-verify">
      <h2 className="certs__title">{TEXT.title}</h2>
      <p className="cert-verify__intro">{TEXT.intro}</p>
      <form className="cert-verify__form" onSubmit={submit} noValidate>
        <label htmlFor="certificate-no">{TEXT.label}</label>
        <input id="certificate-no" value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" maxLength={40} />
        <button type="submit" className="btn btn--dark btn--sm">
          {TEXT.check}
        </button>
      </form>
      {empty && (
        <p className="quiz__error" role="alert">
          {TEXT.empty}
        </p>
      )}
      {check.isPending ? (
        <Pending>
          <p>{TEXT.checking}</p>
        </Pending>
      ) : check.isError ? (
        <p className="cert-verify__result cert-verify__result--bad" role="alert">
          {isApiError(check.error) ? check.error.message : GENERIC_FAILURE_MESSAGE}
        </p>
      ) : (
        <div
          className={`cert-verify__result ${check.data.revokedat ? 'cert-verify__result--revoked' : 'cert-verify__result--ok'}`}
          role="status"
        >
          <p className="cert-verify__valid">
            {check.data.revokedat ? TEXT.revoked(longKoreanDate(check.data.revokedat)) : TEXT.valid}
          </p>
          <dl className="certs__meta certs__meta--stack">
            <div>
              <dt>{TEXT.label}</dt>
              <dd className="certs__no">{check.data.certificateno}</dd>
            </div>
            <div>
              <dt>{TEXT.name}</dt>
              <dd>{check.data.maskedname}</dd>
            </div>
            <div>
              <dt>{TEXT.course}</dt>
              <dd>{check.data.title}</dd>
            </div>
            <div>
              <dt>{TEXT.date}</dt>
              <dd>{longKoreanDate(check.data.completedate)}</dd>
            </div>
            <div>
              <dt>{TEXT.issuer}</dt>
              <dd>{check.data.issuer}</dd>
            </div>
            {check.data.revokedat && (
              <div>
                <dt>{TEXT.revokedOn}</dt>
                <dd>{longKoreanDate(check.data.revokedat)}</dd>
              </div>
            )}
          </dl>
        </div>
      )}
    </section>
  );
}

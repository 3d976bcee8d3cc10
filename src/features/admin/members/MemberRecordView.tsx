import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import {
  changeAdminEnrolment,
  openAdminMember,
  type AdminMemberEnrolment,
  type AdminMemberRecord,
  type AdminMemberRow,
} from '../../../api/queries/admin-members';
import { formatDateTimeKst } from '../../../lib/formatDateTime';
import { formatWon } from '../../../lib/formatPrice';
import { confirmDarkReason } from '../shell/confirmReason';
import { AdminPageHead, Fact, ReasonField } from '../shell/AdminParts';
import { STATUS_LABEL } from '../orders/orderText';
import { EnrolmentForm } from './EnrolmentForm';
import { checkOpenReason } from './memberFields';
import { snsLabel } from './MembersPage';

const day = (iso: string) => formatDateTimeKst(iso).slice(0, 10);

/**
 * One member: first why it is opened (the server records the opening with it), then the whole record. The record is
 * kept as this opening answered it; a change of an enrolment updates its line from the change's own answer, so
 * nothing is opened (and recorded) again behind the operator's back.
 */
export function MemberRecordView({ member, onBack }: { member: AdminMemberRow; onBack: () => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const [record, setRecord] = useState<AdminMemberRecord>();
  const opening = useMutation({
    mutationFn: (why: string) => openAdminMember(member.useruid, why),
    onSuccess: setRecord,
    onError: (e) => setError(e.message),
  });
  const back = (
    <button type="button" className="btn btn--sm" onClick={onBack}>
      목록으로
    </button>
  );
  if (record) return <Record record={record} onChange={setRecord} back={back} />;
  return (
    <>
      <AdminPageHead
        title={`${member.name} 회원 정보 열람`}
        lead="회원 정보 전체를 보려면 열람 사유를 적어주세요. 누가, 언제, 왜 열람했는지 개인정보 열람 기록에 남고 2년간 보관됩니다."
      >
        {back}
      </AdminPageHead>
      <form
        className="admin-card"
        aria-label="회원 정보 열람"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const checked = checkOpenReason(reason);
          setError(checked.error);
          if (checked.reason) opening.mutate(checked.reason);
          else e.currentTarget.querySelector<HTMLElement>('#member-open-reason')?.focus();
        }}
      >
        <div className="admin-form__grid">
          <ReasonField
            id="member-open-reason"
            value={reason}
            error={error}
            onChange={(v) => {
              setReason(v);
              setError(undefined);
            }}
            maxLength={200}
            placeholder="예: 수강 기간 문의 전화 확인"
            wide
          />
        </div>
        <div className="admin-form__actions">
          <button type="submit" className="btn btn--primary btn--sm" disabled={opening.isPending}>
            {opening.isPending ? '여는 중…' : '열람하기'}
          </button>
        </div>
      </form>
    </>
  );
}

function Record({
  record,
  onChange,
  back,
}: {
  record: AdminMemberRecord;
  onChange: (r: AdminMemberRecord) => void;
  back: React.ReactNode;
}) {
  const m = record.member;
  const replace = (e: AdminMemberEnrolment) =>
    onChange({
      ...record,
      enrolments: record.enrolments.some((x) => x.contentsid === e.contentsid)
        ? record.enrolments.map((x) => (x.contentsid === e.contentsid ? e : x))
        : [e, ...record.enrolments],
    });
  return (
    <>
      <AdminPageHead
        title={m.left ? '탈퇴 회원' : `${m.name} 회원`}
        lead={m.left ? '탈퇴한 회원입니다. 개인정보는 보이지 않고, 법이 보관을 요구하는 주문·수강 기록만 보입니다.' : undefined}
      >
        {back}
      </AdminPageHead>
      <section className="admin-card" aria-labelledby="member-facts" data-testid="admin-member-record">
        <h2 id="member-facts" className="admin-card__title">
          기본 정보 {m.left && <span className="admin-badge admin-badge--hidden">탈퇴</span>}
        </h2>
        <dl className="admin-facts">
          <Fact term="이름" value={m.name} />
          {!m.left && <Fact term="이메일" value={m.email} />}
          {!m.left && <Fact term="전화번호" value={m.phone ?? '-'} />}
          {!m.left && <Fact term="생년월일" value={m.birth ?? '-'} />}
          <Fact term="로그인" value={snsLabel(m.snstype)} />
          {!m.left && <Fact term="마케팅 수신" value={m.marketing ? '동의' : '미동의'} />}
          <Fact term="가입일" value={day(m.joinedat)} />
          {m.leftat && <Fact term="탈퇴일" value={day(m.leftat)} />}
          <Fact term="회원 ID" value={m.useruid} />
          <Fact term="포인트 잔액" value={`${record.points.balance.toLocaleString('ko-KR')}P`} strong />
        </dl>
      </section>
      <Enrolments record={record} onChanged={replace} />
      {!m.left && <EnrolmentForm useruid={m.useruid} onChanged={replace} />}
      <Orders record={record} />
      <section className="admin-card" aria-labelledby="member-points">
        <h2 id="member-points" className="admin-card__title">
          포인트 (최근 20건)
        </h2>
        <Lines
          empty="포인트 내역이 없습니다."
          items={record.points.latest.map((p, i) => ({
            key: String(i),
            title: p.reason,
            sub: formatDateTimeKst(p.createdat),
            end: `${p.amount > 0 ? '+' : '−'}${Math.abs(p.amount).toLocaleString('ko-KR')}P`,
          }))}
        />
      </section>
      <section className="admin-card" aria-labelledby="member-coupons">
        <h2 id="member-coupons" className="admin-card__title">
          쿠폰
        </h2>
        <Lines
          empty="쿠폰이 없습니다."
          items={record.coupons.map((c) => ({
            key: c.couponnumber,
            title: c.name,
            sub: `${c.couponnumber} · ${day(c.expiredate)}까지`,
            end: c.isused ? '사용' : '미사용',
          }))}
        />
      </section>
      <section className="admin-card" aria-labelledby="member-certificates">
        <h2 id="member-certificates" className="admin-card__title">
          수료증
        </h2>
        <Lines
          empty="발급된 수료증이 없습니다."
          items={record.certificates.map((c) => ({
            key: c.certificateno,
            title: c.title,
            sub: `${c.certificateno} · ${day(c.issuedat)} 발급`,
            end: c.revokedat ? `${day(c.revokedat)} 취소` : '유효',
          }))}
        />
      </section>
      <section className="admin-card" aria-labelledby="member-suggests">
        <h2 id="member-suggests" className="admin-card__title">
          1:1 문의
        </h2>
        <Lines
          empty="1:1 문의가 없습니다."
          items={record.suggestions.map((g) => ({
            key: String(g.suggestid),
            title: g.title,
            sub: day(g.regdate),
            end: g.status === 'answered' ? '답변완료' : '접수',
          }))}
        />
      </section>
    </>
  );
}

function Lines({ items, empty }: { items: { key: string; title: string; sub: string; end: string }[]; empty: string }) {
  if (!items.length) return <p className="admin-muted">{empty}</p>;
  return (
    <ul className="admin-lines">
      {items.map((i) => (
        <li key={i.key}>
          <span>
            <strong>{i.title}</strong>
            <span className="admin-table__sub">{i.sub}</span>
          </span>
          <span>{i.end}</span>
        </li>
      ))}
    </ul>
  );
}

function Orders({ record }: { record: AdminMemberRecord }) {
  return (
    <section className="admin-card" aria-labelledby="member-orders">
      <h2 id="member-orders" className="admin-card__title">
        주문
      </h2>
      <Lines
        empty="주문이 없습니다."
        items={record.orders.map((o) => ({
          key: String(o.paymentid),
          title: o.title,
          sub: `주문 ${o.paymentid} · ${formatDateTimeKst(o.regdate)} · ${STATUS_LABEL[o.status]}${o.refundedamount ? ` · 환불 ${formatWon(o.refundedamount)}` : ''}`,
          end: formatWon(o.paidamount),
        }))}
      />
    </section>
  );
}

/** The member's classes with their end and progress; 수강 취소 ends one now, after a confirm and with a reason. */
function Enrolments({ record, onChanged }: { record: AdminMemberRecord; onChanged: (e: AdminMemberEnrolment) => void }) {
  const [message, setMessage] = useState<{ text: string; error?: boolean }>();
  const revoke = useMutation({
    mutationFn: ({ contentsid, reason }: { contentsid: number; reason: string }) =>
      changeAdminEnrolment(record.member.useruid, { contentsid, action: 'revoke', reason }),
    onSuccess: (done) => {
      onChanged(done.enrolment);
      setMessage({ text: `${done.enrolment.title} 수강을 취소했습니다.` });
    },
    onError: (e) => setMessage({ text: e.message, error: true }),
  });
  const ask = async (e: AdminMemberEnrolment) => {
    const reason = await confirmDarkReason(
      `${e.title} 수강을 지금 끝낼까요? 회원은 바로 이 클래스를 볼 수 없게 됩니다. 환불은 되지 않습니다(환불은 주문 화면에서 합니다).`,
      '사유를 적어주세요. 감사 기록에 남습니다.',
      '수강 취소',
    );
    if (reason) revoke.mutate({ contentsid: e.contentsid, reason });
  };
  return (
    <section className="admin-card" aria-labelledby="member-enrolments">
      <h2 id="member-enrolments" className="admin-card__title">
        수강
      </h2>
      {message && (
        <p className={message.error ? 'admin-form__error' : 'admin-notice'} role={message.error ? 'alert' : 'status'}>
          {message.text}
        </p>
      )}
      {record.enrolments.length === 0 ? (
        <p className="admin-muted">수강한 클래스가 없습니다.</p>
      ) : (
        <ul className="admin-lines" data-testid="admin-member-enrolments">
          {record.enrolments.map((e) => (
            <li key={e.contentsid} data-contentsid={e.contentsid}>
              <span>
                <strong>
                  {e.title}{' '}
                  {e.current ? (
                    <span className="admin-badge admin-badge--published">수강 중</span>
                  ) : (
                    <span className="admin-badge">종료</span>
                  )}
                </strong>
                <span className="admin-table__sub">
                  클래스 {e.contentsid} · {day(e.startat)} ~ {day(e.endat)} · 진도 {e.progress}%
                  {e.paymentid ? ` · 주문 ${e.paymentid}` : ' · 운영진 부여'}
                  {e.certificateno && ` · 수료증 ${e.certificateno}`}
                </span>
              </span>
              <span>
                {e.current && !record.member.left && (
                  <button type="button" className="btn btn--sm" disabled={revoke.isPending} onClick={() => void ask(e)}>
                    수강 취소
                  </button>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

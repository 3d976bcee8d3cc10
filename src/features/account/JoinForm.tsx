import { Fragment } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { createMember, memberKeys } from '../../api/queries/account';
import type { SessionUserData } from '../../auth/sessionStore';
import { alertDark, alertError } from '../../lib/popup';
import { joinFields, readJoinFields } from './joinFields';
import { FieldError, NameInput, PhoneInput, useFieldsSubmit } from './memberForm';

export const JOINED_MESSAGE = '회원가입이 완료되었습니다.';

/** The two agreements a sign-up needs, each with its full text a click away. */
const REQUIRED_AGREEMENTS = [
  { name: 'agreeterms', label: '[필수] 이용약관 동의', to: '/termsOfUse' },
  { name: 'agreeprivacy', label: '[필수] 개인정보 처리방침 동의', to: '/privacyPolicy' },
] as const;

/** The full sign-up (createuser) of a provider account that has no member record yet. */
export function JoinForm({ account }: { account: SessionUserData }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const join = useMutation({
    mutationFn: (fields: ReturnType<typeof joinFields.parse>) =>
      createMember({ useruid: account.useruid, userid: account.email, email: account.email, ...fields }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: memberKeys.all });
      await alertDark(JOINED_MESSAGE);
      await navigate({ to: '/main' });
    },
    // 409 carries '동일한 이메일로 가입된 사용자가 있습니다.' from the server.
    onError: (e) => void alertError(e),
  });
  const { errors, submit } = useFieldsSubmit(joinFields, readJoinFields, (fields) => join.mutate(fields));

  return (
    <form className="join-form" onSubmit={submit} noValidate aria-label="회원가입">
      <p className="join-form__account">
        <span>가입할 계정</span> <strong>{account.email}</strong>
      </p>
      <NameInput defaultValue={account.username} error={errors.name} />
      <PhoneInput error={errors.phone} />
      <fieldset className="join-form__agreements">
        <legend>약관 동의</legend>
        {REQUIRED_AGREEMENTS.map(({ name, label, to }) => (
          <Fragment key={name}>
            <div className="join-form__agree">
              <label className="join-form__check">
                <input type="checkbox" name={name} aria-invalid={!!errors[name]} />
                <span>{label}</span>
              </label>
              <Link to={to} target="_blank" rel="noopener">
                전문 보기
              </Link>
            </div>
            <FieldError field={name} message={errors[name]} />
          </Fragment>
        ))}
        <label className="join-form__check">
          <input type="checkbox" name="agreemarketing" />
          <span>[선택] 이벤트·혜택 소식 받기</span>
        </label>
      </fieldset>
      <button type="submit" className="btn btn--primary" disabled={join.isPending}>
        {join.isPending ? '가입 중…' : '가입하기'}
      </button>
    </form>
  );
}

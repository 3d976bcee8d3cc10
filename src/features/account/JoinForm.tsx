import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { createMember, memberKeys } from '../../api/queries/account';
import type { SessionUserData } from '../../auth/sessionStore';
import { alertDark, alertError } from '../../lib/popup';
import { joinErrors, joinFields, type JoinErrors } from './joinFields';

export const JOINED_MESSAGE = '회원가입이 완료되었습니다.';

/** The full sign-up (createuser) of a provider account that has no member record yet. */
export function JoinForm({ account }: { account: SessionUserData }) {
  const [errors, setErrors] = useState<JoinErrors>({});
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

  const submit = (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const parsed = joinFields.safeParse({
      name: String(form.get('name') ?? ''),
      phone: String(form.get('phone') ?? ''),
      agreeterms: form.get('agreeterms') === 'on',
      agreeprivacy: form.get('agreeprivacy') === 'on',
      agreemarketing: form.get('agreemarketing') === 'on',
    });
    if (!parsed.success) return setErrors(joinErrors(parsed.error));
    setErrors({});
    join.mutate(parsed.data);
  };

  const error = (key: keyof JoinErrors) =>
    errors[key] && (
      <em className="field-error" id={`${key}-error`} role="alert">
        {errors[key]}
      </em>
    );

  return (
    <form className="join-form" onSubmit={submit} noValidate aria-label="회원가입">
      <p className="join-form__account">
        <span>가입할 계정</span> <strong>{account.email}</strong>
      </p>
      <label>
        <span>이름</span>
        <input name="name" defaultValue={account.username} maxLength={20} autoComplete="name" aria-invalid={!!errors.name} />
        {error('name')}
      </label>
      <label>
        <span>휴대폰 번호</span>
        <input
          name="phone"
          type="tel"
          inputMode="numeric"
          placeholder="010-1234-5678"
          autoComplete="tel-national"
          aria-invalid={!!errors.phone}
        />
        {error('phone')}
      </label>
      <fieldset className="join-form__agreements">
        <legend>약관 동의</legend>
        <div className="join-form__agree">
          <label className="join-form__check">
            <input type="checkbox" name="agreeterms" aria-invalid={!!errors.agreeterms} />
            <span>[필수] 이용약관 동의</span>
          </label>
          <Link to="/termsOfUse" target="_blank" rel="noopener">
            전문 보기
          </Link>
        </div>
        {error('agreeterms')}
        <div className="join-form__agree">
          <label className="join-form__check">
            <input type="checkbox" name="agreeprivacy" aria-invalid={!!errors.agreeprivacy} />
            <span>[필수] 개인정보 처리방침 동의</span>
          </label>
          <Link to="/privacyPolicy" target="_blank" rel="noopener">
            전문 보기
          </Link>
        </div>
        {error('agreeprivacy')}
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

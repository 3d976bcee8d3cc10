import { useMutation, useQueryClient } from '@tanstack/react-query';
import { memberKeys, updateMember, type Member, type MemberUpdate } from '../../api/queries/account';
import { sessionStore } from '../../auth/sessionStore';
import { saveUsername } from '../../auth/tokenStore';
import { alertDark, alertError } from '../../lib/popup';
import { memberFields, readMemberFields } from './memberFields';
import { NameInput, PhoneInput, useFieldsSubmit } from './memberForm';

export const PROFILE_SAVED_MESSAGE = '회원정보가 저장되었습니다.';
const SNS_LABEL: Record<Member['snstype'], string> = { kakao: '카카오', naver: '네이버', local: '로컬 체험' };

/** Name, phone and marketing consent of the signed-in member (UpdateUser). */
export function ProfileForm({ member }: { member: Member }) {
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (body: MemberUpdate) => updateMember(body),
    onSuccess: async (saved) => {
      queryClient.setQueryData(memberKeys.byUid(saved.useruid), saved);
      const user = sessionStore.get().user.data;
      // The greeting (header, side menu) reads the store; the cookie is what a later navigation restores it from.
      saveUsername(saved.name);
      if (user) sessionStore.setLoggedIn({ ...user, username: saved.name });
      await alertDark(PROFILE_SAVED_MESSAGE);
    },
    onError: (e) => void alertError(e),
  });

  const { errors, submit } = useFieldsSubmit(memberFields, readMemberFields, (fields) =>
    save.mutate({ useruid: member.useruid, ...fields }),
  );

  return (
    <form className="profile-form" onSubmit={submit} noValidate aria-label="회원정보 수정">
      {!member.phone && (
        <p className="profile-form__notice" role="status">
          휴대폰 번호를 등록해야 클래스를 이용할 수 있습니다.
        </p>
      )}
      <dl className="profile-form__facts">
        <div>
          <dt>이메일</dt>
          <dd>{member.email}</dd>
        </div>
        <div>
          <dt>가입 경로</dt>
          <dd>{SNS_LABEL[member.snstype]}</dd>
        </div>
      </dl>
      <NameInput defaultValue={member.name} error={errors.name} describedByError />
      <PhoneInput defaultValue={member.phone ?? ''} error={errors.phone} describedByError />
      <label className="profile-form__check">
        <input type="checkbox" name="agreemarketing" defaultChecked={member.agreemarketing} />
        <span>이벤트·혜택 소식 받기 (선택)</span>
      </label>
      <button type="submit" className="btn btn--primary" disabled={save.isPending}>
        {save.isPending ? '저장 중…' : '저장하기'}
      </button>
    </form>
  );
}

import { useRef, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { leaveMember } from '../../api/queries/account';
import { myClassInfoQuery } from '../../api/queries/classroom';
import { loadIdentity } from '../../auth/identity';
import { alertDark, alertError } from '../../lib/popup';
import { formatPoints } from '../../lib/format';

export const LEFT_MESSAGE = '회원 탈퇴가 완료되었습니다. 그동안 이용해주셔서 감사합니다.';
export const LEAVE_AGREE_LABEL = '위 내용을 모두 확인했으며, 탈퇴에 동의합니다.';

/** Leaving: a dialog that names what is lost and needs a tick before LeaveUser; then logout and /main. */
export function LeaveMembership({ useruid }: { useruid: string }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [agreed, setAgreed] = useState(false);
  const navigate = useNavigate();
  const info = useQuery({ ...myClassInfoQuery(useruid), enabled: false });
  const leave = useMutation({
    mutationFn: () => leaveMember(useruid),
    onSuccess: async () => {
      dialog.current?.close();
      const identity = await loadIdentity();
      await identity.logout();
      await navigate({ to: '/main' });
      await alertDark(LEFT_MESSAGE);
    },
    onError: (e) => void alertError(e),
  });

  const open = () => {
    setAgreed(false);
    void info.refetch();
    dialog.current?.showModal();
  };

  return (
    <section className="leave" aria-labelledby="leave-title">
      <h3 id="leave-title" className="leave__title">
        회원 탈퇴
      </h3>
      <p className="muted">탈퇴하면 계정과 학습 기록이 모두 삭제되며 되돌릴 수 없습니다.</p>
      <button type="button" className="btn btn--sm leave__open" onClick={open}>
        회원 탈퇴
      </button>
      <dialog ref={dialog} className="leave-dialog" aria-labelledby="leave-dialog-title">
        <h3 id="leave-dialog-title">정말 탈퇴하시겠어요?</h3>
        <p>탈퇴하면 아래 항목이 모두 사라지며 복구할 수 없습니다.</p>
        <ul className="leave-dialog__losses">
          <li>수강 중인 클래스와 학습 진도{info.data ? ` (${info.data.classCnt}개 클래스)` : ''}</li>
          <li>보유 포인트와 쿠폰{info.data ? ` (${formatPoints(info.data.pointSum)} P)` : ''}</li>
          <li>발급받은 수료증과 시험 기록</li>
          <li>결제 내역, 장바구니, 북마크, 수강평</li>
        </ul>
        <label className="leave-dialog__agree">
          <input type="checkbox" checked={agreed} onChange={(e) => setAgreed(e.target.checked)} />
          <span>{LEAVE_AGREE_LABEL}</span>
        </label>
        <div className="leave-dialog__actions">
          <button type="button" className="btn" onClick={() => dialog.current?.close()}>
            취소
          </button>
          <button type="button" className="btn btn--dark" disabled={!agreed || leave.isPending} onClick={() => leave.mutate()}>
            {leave.isPending ? '처리 중…' : '탈퇴하기'}
          </button>
        </div>
      </dialog>
    </section>
  );
}

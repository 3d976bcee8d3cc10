import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  adminCouponKeys,
  issueAdminCouponCampaign,
  type AdminCouponCampaign,
  type AdminCouponIssueLine,
} from '../../../api/queries/admin-coupons';
import { FieldError } from '../shell/AdminParts';
import { emailLines } from './couponFields';

const NO_EMAILS = '이메일을 한 줄에 하나씩 적어주세요.';
const TOO_MANY = '한 번에 1,000명까지 발급할 수 있습니다.';

/** 회원에게 발급: e-mails pasted one a line, and each line's outcome as the server gave it. */
export function IssuePanel({ campaign }: { campaign: AdminCouponCampaign }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const [serverError, setServerError] = useState<string>();
  const [lines, setLines] = useState<AdminCouponIssueLine[] | null>(null);
  const id = `coupon-issue-${campaign.campaignid}`;
  const queryClient = useQueryClient();
  const issue = useMutation({
    mutationFn: (emails: string[]) => issueAdminCouponCampaign(campaign.campaignid, emails),
    onSuccess: (answer) => setLines(answer.lines),
    onError: (e) => setServerError(e.message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminCouponKeys.all }),
  });
  const submit = (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const emails = emailLines(text);
    const problem = !emails.length ? NO_EMAILS : emails.length > 1000 ? TOO_MANY : undefined;
    setError(problem);
    setServerError(undefined);
    if (problem) return;
    issue.mutate(emails);
  };
  const issued = lines?.filter((l) => l.outcome === 'issued').length ?? 0;
  return (
    <form className="admin-coupon-issue" onSubmit={submit} noValidate aria-label={`${campaign.name} 회원에게 발급`}>
      <div className="admin-field">
        <label htmlFor={id}>회원 이메일 (한 줄에 하나)</label>
        <textarea
          id={id}
          rows={4}
          value={text}
          placeholder={'new@demo.kr\nmember@demo.kr'}
          onChange={(e) => {
            setText(e.currentTarget.value);
            setError(undefined);
          }}
          aria-invalid={!!error}
          aria-describedby={error ? `${id}-error` : `${id}-hint`}
        />
        <span className="admin-field__hint" id={`${id}-hint`}>
          같은 회원에게는 한 번만 발급됩니다. 가입하지 않았거나 탈퇴한 이메일은 줄마다 알려드리고 발급하지 않습니다.
        </span>
        <FieldError id={id} message={error} />
      </div>
      <div className="admin-form__actions">
        {serverError && (
          <p className="admin-form__error" role="alert">
            {serverError}
          </p>
        )}
        <button type="submit" className="btn btn--primary btn--sm" disabled={issue.isPending}>
          {issue.isPending ? '발급하는 중…' : '발급하기'}
        </button>
      </div>
      {lines && (
        <div role="status" className="admin-coupon-issue__result">
          <p className="admin-notice">
            {issued.toLocaleString('ko-KR')}명에게 발급했습니다. (전체 {lines.length.toLocaleString('ko-KR')}줄)
          </p>
          <ol className="admin-coupon-lines" data-testid="coupon-issue-lines">
            {lines.map((l) => (
              <li key={l.line} className={`admin-coupon-line admin-coupon-line--${l.outcome === 'issued' ? 'ok' : l.outcome === 'already' ? 'same' : 'bad'}`}>
                <span className="admin-coupon-line__email">{l.email}</span>
                <span>{l.message}</span>
              </li>
            ))}
          </ol>
        </div>
      )}
    </form>
  );
}

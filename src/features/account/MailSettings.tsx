import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { mailSettingsKeys, mailSettingsQuery, updateMailSettings, type MailSettings as Settings } from '../../api/queries/account-mail';
import { SkeletonBlock } from '../../components/ui/Skeleton';
import { QueryState } from '../../components/section/QueryState';
import './mailSettings.css';

export const REMINDERS_LABEL = '수강 기간 종료 안내 메일';
export const ALWAYS_SENT = '주문·환불·수료증 안내 메일은 거래에 꼭 필요한 안내라 이 설정과 관계없이 항상 보내 드립니다.';
const savedText = (on: boolean) => `저장되었습니다. ${on ? '수강 기간 종료 안내 메일을 받습니다.' : '수강 기간 종료 안내 메일을 받지 않습니다.'}`;

/** 회원정보's 메일 수신 설정 (issue 40): the one mail a member may switch off, and the mails that always come. */
export function MailSettings({ useruid }: { useruid: string }) {
  const settings = useQuery(mailSettingsQuery(useruid));
  return (
    <section className="mail-settings" aria-labelledby="mail-settings-title">
      <h2 className="profile__title" id="mail-settings-title">
        메일 수신 설정
      </h2>
      <QueryState query={settings} fallback={<SkeletonBlock height={132} />}>
        {(data) => <RemindersSwitch useruid={useruid} stored={data} />}
      </QueryState>
    </section>
  );
}

function RemindersSwitch({ useruid, stored }: { useruid: string; stored: Settings }) {
  const queryClient = useQueryClient();
  const [said, setSaid] = useState<{ ok: boolean; text: string } | null>(null);
  const save = useMutation({
    mutationFn: (body: Settings) => updateMailSettings(body),
    onMutate: () => setSaid(null),
    onSuccess: (saved) => {
      queryClient.setQueryData(mailSettingsKeys.of(useruid), saved);
      setSaid({ ok: true, text: savedText(saved.reminders) });
    },
    // The switch goes back to what the server holds; the reason, as the server or the client words it, beside it.
    onError: (e) => setSaid({ ok: false, text: `저장하지 못했습니다. ${e instanceof Error ? e.message : ''}`.trim() }),
  });
  // While the change is on its way the switch shows it, and waits.
  const on = save.isPending && save.variables ? save.variables.reminders : stored.reminders;
  return (
    <div className="mail-settings__card">
      <div className="mail-settings__row">
        <div className="mail-settings__text">
          <label htmlFor="mail-reminders" className="mail-settings__label">
            {REMINDERS_LABEL}
          </label>
          <p className="mail-settings__hint" id="mail-reminders-hint">
            수강 기간이 끝나기 7일 전에 남은 강의를 알려 드립니다. 메일 아래의 수신 거부 링크로도 끌 수 있습니다.
          </p>
        </div>
        <span className="mail-switch">
          <input
            id="mail-reminders"
            type="checkbox"
            role="switch"
            checked={on}
            disabled={save.isPending}
            aria-describedby="mail-reminders-hint mail-reminders-status"
            onChange={(e) => save.mutate({ reminders: e.currentTarget.checked })}
          />
          <span className="mail-switch__state" aria-hidden="true">
            {on ? '받음' : '받지 않음'}
          </span>
        </span>
      </div>
      <p id="mail-reminders-status" className={`mail-settings__status${said && !said.ok ? ' mail-settings__status--error' : ''}`} role="status">
        {save.isPending ? '저장 중…' : (said?.text ?? '')}
      </p>
      <p className="mail-settings__always">{ALWAYS_SENT}</p>
    </div>
  );
}

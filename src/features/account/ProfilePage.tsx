import { useQuery } from '@tanstack/react-query';
import { memberQuery, type Member } from '../../api/queries/account';
import { SkeletonBlock } from '../../components/ui/Skeleton';
import { QueryState } from '../../components/section/QueryState';
import { LeaveMembership } from './LeaveMembership';
import { MailSettings } from './MailSettings';
import { ProfileForm } from './ProfileForm';
import './login.css';

/** A saved change remounts the form, so its inputs show what the server stored (010-1234-5678). */
const savedKey = (m: Member) => `${m.useruid}|${m.name}|${m.phone ?? ''}|${m.agreemarketing}`;

/** /myprofile: the member's data, the edit form, the mail choices and leaving. */
export function ProfilePage({ useruid }: { useruid: string }) {
  const member = useQuery(memberQuery(useruid));
  return (
    <div className="page profile">
      <h2 className="profile__title">기본 정보</h2>
      <QueryState query={member} fallback={<SkeletonBlock height={360} />}>
        {(data) => <ProfileForm key={savedKey(data)} member={data} />}
      </QueryState>
      <MailSettings useruid={useruid} />
      <LeaveMembership useruid={useruid} />
    </div>
  );
}

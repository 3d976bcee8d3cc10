import { useQuery } from '@tanstack/react-query';
import { memberQuery, type Member } from '../../api/queries/account';
import { SkeletonBlock } from '../../components/ui/Skeleton';
import { LeaveMembership } from './LeaveMembership';
import { ProfileForm } from './ProfileForm';
import './login.css';

/** A saved change remounts the form, so its inputs show what the server stored (010-1234-5678). */
const savedKey = (m: Member) => `${m.useruid}|${m.name}|${m.phone ?? ''}|${m.agreemarketing}`;

/** /myprofile: the member's data, the edit form and leaving. */
export function ProfilePage({ useruid }: { useruid: string }) {
  const member = useQuery(memberQuery(useruid));
  return (
    <div className="page profile">
      <h2 className="profile__title">기본 정보</h2>
      {member.isError && (
        <p className="profile__error" role="alert">
          {member.error.message}
        </p>
      )}
      {member.data ? (
        <ProfileForm key={savedKey(member.data)} member={member.data} />
      ) : (
        !member.isError && <SkeletonBlock height={360} />
      )}
      <LeaveMembership useruid={useruid} />
    </div>
  );
}

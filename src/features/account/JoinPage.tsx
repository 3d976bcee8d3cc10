import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { memberByEmailQuery } from '../../api/queries/account';
import { isApiError } from '../../api/errors';
import { useSessionUser, type SessionUserData } from '../../auth/sessionStore';
import { SkeletonBlock } from '../../components/ui/Skeleton';
import { JoinForm } from './JoinForm';
import { LoginPanel } from './LoginPanel';
import './login.css';

const TITLE = '회원가입';

/**
 * /join. A visitor first proves who they are with Kakao or Naver (the login panel); a signed-in provider
 * account with no member record fills in the sign-up form; a member is told they already joined.
 */
export function JoinPage() {
  const user = useSessionUser();
  if (!user.data) return <LoginPanel title={TITLE} intro="카카오 또는 네이버 계정으로 간편하게 가입하세요." />;
  return <SignedInJoin account={user.data} />;
}

function SignedInJoin({ account }: { account: SessionUserData }) {
  const record = useQuery(memberByEmailQuery(account.email));
  const noRecord = record.isError && isApiError(record.error) && record.error.status === 404;
  return (
    <section className="login">
      <div className="login__card join">
        <h1 className="login__title">{TITLE}</h1>
        {record.isPending && <SkeletonBlock height={320} />}
        {record.data && (
          <div className="login__done">
            <p>
              <strong>{record.data.name}</strong>님은 이미 가입된 회원입니다.
            </p>
            <Link to="/myprofile" className="login__home">
              회원정보 수정으로 가기
            </Link>
          </div>
        )}
        {noRecord && (
          <>
            <p className="login__intro">처음 오셨군요. 아래 정보를 입력하면 가입이 완료됩니다.</p>
            <JoinForm account={account} />
          </>
        )}
        {record.isError && !noRecord && (
          <p className="login__error" role="alert">
            {record.error.message}
          </p>
        )}
      </div>
    </section>
  );
}

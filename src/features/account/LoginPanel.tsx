import { useEffect, useRef, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { config } from '../../config';
import { fetchLocalMembers } from '../../auth/localAdapter';
import { isProviderReturn } from '../../auth/identity';
import { useSessionUser } from '../../auth/sessionStore';
import { withIdentity } from '../../auth/withIdentity';
import type { NaverReturnSearch } from '../../auth/naverReturn';
import { keepReturnPath } from '../../auth/returnPath';
import { QueryState } from '../../components/section/QueryState';
import './login.css';

export const LOCAL_MODE_LABEL = '로컬 체험 모드';

interface LoginPanelProps {
  title: string;
  intro?: string;
  naver?: NaverReturnSearch;
  /** /login's `redirect`: the page to come back to once signed in (checked for being this site's own). */
  returnTo?: unknown;
}

/** Login / join panel: social buttons in production, demo members in local mode. */
export function LoginPanel({ title, intro = '소셜 계정으로 간편하게 로그인하세요.', naver, returnTo }: LoginPanelProps) {
  const user = useSessionUser();
  const [remember, setRemember] = useState(false);
  useProviderReturn(naver, returnTo);

  return (
    <section className="login">
      <div className="login__card">
        <h1 className="login__title">{title}</h1>
        {user.loggedIn ? (
          <div className="login__done">
            <p>
              <strong>{user.data?.username}</strong>님은 이미 로그인되어 있습니다.
            </p>
            <Link to="/main" className="login__home">
              홈으로 가기
            </Link>
          </div>
        ) : (
          <>
            <p className="login__intro">{intro}</p>
            {config.localMode ? <LocalMembers remember={remember} /> : <SocialButtons remember={remember} />}
            <label className="auto-login auto-login--page">
              <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} />
              <span>자동 로그인</span>
            </label>
          </>
        )}
      </div>
    </section>
  );
}

/**
 * Hands a provider redirect return to the identity runtime once. A plain visit keeps its `redirect` (or forgets an
 * older one) for after sign-in; a provider's return to /login keeps the one the visit before it kept.
 */
function useProviderReturn(naver: NaverReturnSearch | undefined, returnTo: unknown) {
  const handled = useRef(false);
  useEffect(() => {
    if (handled.current) return;
    handled.current = true;
    const providerReturn = naver?.success !== undefined || isProviderReturn(window.location.href);
    if (!providerReturn) keepReturnPath(returnTo);
    if (naver?.success !== undefined) {
      withIdentity((identity) => identity.naverReturn(naver));
    } else if (!config.localMode && isProviderReturn(window.location.href)) {
      withIdentity((identity) => identity.completeOAuthReturn());
    }
  }, [naver, returnTo]);
}

/** The sign-in providers, in the order their buttons stand. */
const PROVIDERS = [
  { provider: 'kakao', mark: 'K', label: '카카오 로그인' },
  { provider: 'naver', mark: 'N', label: '네이버 로그인' },
] as const;

function SocialButtons({ remember }: { remember: boolean }) {
  return (
    <div className="login__buttons">
      {PROVIDERS.map(({ provider, mark, label }) => (
        <button
          key={provider}
          type="button"
          className={`social-btn social-btn--${provider}`}
          onClick={() => withIdentity((i) => i.signInWith(provider, remember))}
        >
          <span className="social-btn__mark" aria-hidden="true">
            {mark}
          </span>
          {label}
        </button>
      ))}
    </div>
  );
}

function LocalMembers({ remember }: { remember: boolean }) {
  const members = useQuery({ queryKey: ['local', 'members'], queryFn: () => fetchLocalMembers() });
  return (
    <div className="login__local" data-testid="local-mode">
      <p className="login__badge">{LOCAL_MODE_LABEL}</p>
      <p className="login__local-note">
        외부 인증 서비스가 설정되지 않아 참조 백엔드의 데모 회원으로 로그인합니다. 카카오·네이버 로그인은 운영 환경에서
        사용됩니다.
      </p>
      {/* A failed list says so with 다시 시도 in its place: an empty list would leave no way to sign in, silently. */}
      <QueryState query={members}>
        {(list) => (
          <ul className="login__members">
            {list.map((m) => (
              <li key={m.useruid}>
                <button
                  type="button"
                  className="member-btn"
                  data-email={m.email}
                  onClick={() => withIdentity((i) => i.signInLocal(m.email, remember))}
                >
                  <span className="member-btn__avatar" aria-hidden="true">
                    {m.name.slice(0, 1)}
                  </span>
                  <span className="member-btn__text">
                    <strong>{m.name}</strong>
                    <em>{m.email}</em>
                    <small>{m.description}</small>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </div>
  );
}

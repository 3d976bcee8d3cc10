import { useEffect, useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { config } from '../../config';
import type { SessionUserData } from '../../auth/sessionStore';
import { formatPoints } from '../../lib/format';
import { CloseIcon } from './CloseIcon';
import { classListPath } from '../../lib/categories';
import { InlineFailure } from '../section/InlineFailure';
import { Pending } from '../section/Pending';
import { useCategoryMenu } from './useCategoryMenu';
import { useMyClassInfo } from './useMyClassInfo';
import { withIdentity } from '../../auth/withIdentity';
import { loginSearchFor } from '../../auth/loginSearch';
import { rememberPage } from '../../auth/returnPath';
import './sideMenu.css';

/** Member links of the logged-in side menu (spec §2), in this order. */
export const MEMBER_LINKS = [
  { label: '수강중인 클래스', to: '/myclass' },
  { label: '종료된 클래스', to: '/myclassEnd' },
  { label: '패키지 조회', to: '/myclass' },
  { label: '전자책 관리', to: '/myEbook' },
  { label: '북마크', to: '/myBookmark' },
  { label: '수료증 발급', to: '/myCertificates' },
  { label: '결제내역 조회', to: '/mypayment' },
  { label: '내 쿠폰', to: '/mycoupon' },
  { label: '회원정보 수정', to: '/myprofile' },
] as const;

/** Bottom links of the side menu (spec §2). */
export const BOTTOM_LINKS = [
  { label: '회사소개', to: '/company' },
  { label: '개인정보처리방침', to: '/privacyPolicy' },
  { label: '이용약관', to: '/termsOfUse' },
  { label: 'Q&A', to: '/q&a' },
  { label: '공지사항', to: '/notice' },
] as const;

interface SideMenuProps {
  open: boolean;
  onClose: () => void;
  user: SessionUserData | null;
}

/** Full-menu side panel; locks page scrolling while open (spec §2). */
export function SideMenu({ open, onClose, user }: SideMenuProps) {
  const { tree, failure, waiting } = useCategoryMenu();
  useEffect(() => {
    if (!open) return;
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => {
      document.body.style.overflow = previous;
      window.removeEventListener('keydown', onKey);
    };
  }, [open, onClose]);

  return (
    <div className={open ? 'side-menu open' : 'side-menu'} aria-hidden={!open} data-testid="side-menu">
      <div className="side-menu__dim" onClick={onClose} />
      <aside className="side-menu__panel" role="dialog" aria-modal="true" aria-label="전체 메뉴" inert={!open}>
        <div className="side-menu__top">
          <span className="side-menu__caption">전체 메뉴</span>
          <button type="button" className="side-menu__close" onClick={onClose} aria-label="메뉴 닫기">
            <CloseIcon />
          </button>
        </div>
        {user ? <MemberPart user={user} /> : <VisitorPart />}
        {failure && (
          <div className="side-menu__categories">
            <InlineFailure subject="카테고리" error={failure.error} onRetry={failure.retry} />
          </div>
        )}
        {waiting && (
          <div className="side-menu__categories section-wait-collapsed">
            <Pending onRetry={waiting.retry} />
          </div>
        )}
        {tree.length > 0 && (
          <nav className="side-menu__categories" aria-label="클래스 카테고리">
            <p className="side-menu__heading">클래스</p>
            <ul>
              {tree.map((node) => (
                <li key={node.categoryid}>
                  <Link {...classListPath(node)} className={node.on ? 'on' : undefined}>
                    {node.menuName}
                  </Link>
                  <div className="side-menu__subs">
                    {node.subMenu.map((sub) => (
                      <Link key={sub.categoryid} {...classListPath(sub)} className={sub.on ? 'on' : undefined}>
                        {sub.menuName}
                      </Link>
                    ))}
                  </div>
                </li>
              ))}
            </ul>
          </nav>
        )}
        <ul className="side-menu__bottom">
          {BOTTOM_LINKS.map((l) => (
            <li key={l.to}>
              <Link to={l.to}>{l.label}</Link>
            </li>
          ))}
        </ul>
      </aside>
    </div>
  );
}

function VisitorPart() {
  const [remember, setRemember] = useState(false);
  const navigate = useNavigate();
  // Signing in from the side menu comes back to the page it was opened on.
  const here = () => window.location.pathname + window.location.search + window.location.hash;
  const start = (provider: 'kakao' | 'naver') => {
    if (config.localMode) {
      void navigate({ to: '/login', search: loginSearchFor(here()) });
      return;
    }
    rememberPage(here());
    withIdentity((identity) => identity.signInWith(provider, remember));
  };
  return (
    <div className="side-menu__visitor">
      <p className="side-menu__welcome">
        로그인하고
        <br />
        <strong>나만의 강의실</strong>을 시작해보세요
      </p>
      <button type="button" className="social-btn social-btn--kakao" onClick={() => start('kakao')}>
        <span className="social-btn__mark" aria-hidden="true">
          K
        </span>
        카카오 로그인
      </button>
      <button type="button" className="social-btn social-btn--naver" onClick={() => start('naver')}>
        <span className="social-btn__mark" aria-hidden="true">
          N
        </span>
        네이버 로그인
      </button>
      <label className="auto-login">
        <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} />
        <span>자동 로그인</span>
      </label>
      {config.localMode && <p className="side-menu__note">로컬 체험 모드: 로그인 화면에서 데모 회원을 선택하세요.</p>}
    </div>
  );
}

function MemberPart({ user }: { user: SessionUserData }) {
  const info = useMyClassInfo(user.useruid);
  return (
    <div className="side-menu__member">
      <div className="side-menu__hello">
        <p>
          <strong data-testid="side-menu-username">{user.username}</strong>님, 반갑습니다.
        </p>
        <button type="button" className="side-menu__logout" onClick={() => withIdentity((i) => i.logout())}>
          로그아웃
        </button>
      </div>
      <ul className="side-menu__counts" data-testid="side-menu-counts">
        <li>
          <b data-testid="count-cart">{info?.cartCnt ?? 0}</b>
          <span>건 장바구니</span>
        </li>
        <li>
          <b data-testid="count-class">{info?.classCnt ?? 0}</b>
          <span>수강중인클래스</span>
        </li>
        <li>
          <b data-testid="count-expire">{info?.expireCnt ?? 0}</b>
          <span>만료예정클래스</span>
        </li>
        <li>
          <b data-testid="count-point">{formatPoints(info?.pointSum)}</b>
          <span>포인트 P</span>
        </li>
      </ul>
      <ul className="side-menu__links">
        {MEMBER_LINKS.map((l) => (
          <li key={l.label}>
            <Link to={l.to}>{l.label}</Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

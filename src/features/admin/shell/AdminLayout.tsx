import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useRouterState } from '@tanstack/react-router';
import { adminMeQuery, type AdminStaff } from '../../../api/queries/admin-staff';
import { isApiError } from '../../../api/errors';
import { Pending } from '../../../components/section/Pending';
import { SectionFailure } from '../../../components/section/SectionFailure';
import { PageSkeleton } from '../../../components/ui/Skeleton';
import { adminLink, type AdminTo } from './adminPaths';
import { AdminScreen } from './AdminScreen';
import { canUse, ROLE_LABEL, type AdminArea } from './roles';
import { useAdminTitle } from './useAdminTitle';
import { useSignedInOrLogin } from './useSignedInOrLogin';
import './admin.css';

export const NOT_STAFF_MESSAGE = '운영진만 이용할 수 있습니다.';

const NAV: { area: AdminArea | null; to: AdminTo; label: string }[] = [
  { area: null, to: '', label: '콘솔 홈' },
  { area: 'classes', to: 'classes', label: '클래스' },
  { area: 'questions', to: 'questions', label: '문의 (Q&A)' },
  { area: 'suggests', to: 'suggests', label: '1:1 문의' },
  { area: 'categories', to: 'categories', label: '카테고리' },
  { area: 'banners', to: 'banners', label: '메인 배너' },
  { area: 'notices', to: 'notices', label: '공지사항' },
  { area: 'faqs', to: 'faqs', label: 'FAQ' },
  { area: 'staff', to: 'staff', label: '운영진' },
  { area: 'audit', to: 'audit', label: '감사 기록' },
  { area: 'orders', to: 'orders', label: '주문' },
  { area: 'sales', to: 'sales', label: '매출' },
  { area: 'mail', to: 'mails', label: '메일 발송' },
  { area: 'certificates', to: 'certificates', label: '수료증' },
  { area: 'points', to: 'points', label: '포인트' },
  { area: 'coupons', to: 'coupons', label: '쿠폰' },
  { area: 'members', to: 'members', label: '회원' },
  { area: 'members', to: 'view-as', label: '회원 화면 보기' },
  { area: 'privacy', to: 'privacy-access', label: '개인정보 열람 기록' },
];

/**
 * The console's frame: its own side navigation (a top bar with a menu on a phone), never the store's header and
 * footer. A visitor goes to /login and comes back; then it asks who the staff member is, and a member who is not
 * staff gets a plain refusal. The component of the console's one route (`/admin/$`): the screen inside the frame
 * is chosen from the address by AdminScreen.
 */
export function AdminLayout() {
  const signedIn = useSignedInOrLogin();
  const me = useQuery({ ...adminMeQuery(), enabled: signedIn });
  if (!signedIn) return <main className="admin-bare" id="main" aria-busy="true" />;
  if (me.data) return <AdminFrame me={me.data} />;
  if (me.isError && isApiError(me.error) && me.error.status === 403) return <NotStaff />;
  return (
    <main className="admin-bare" id="main">
      {me.isError ? (
        <SectionFailure error={me.error} onRetry={() => void me.refetch()} />
      ) : (
        // Who the staff member is decides the whole frame: a hung answer says so at 5 s with 다시 시도 (issue 38).
        <Pending>
          <PageSkeleton lines={4} />
        </Pending>
      )}
    </main>
  );
}

function NotStaff() {
  useAdminTitle('접근 제한');
  return (
    <main className="admin-bare" id="main">
      <section className="admin-refusal admin-refusal--page" role="alert">
        <h1 className="admin-refusal__title">{NOT_STAFF_MESSAGE}</h1>
        <p className="admin-muted">운영 콘솔은 협회 운영진 계정으로 로그인해야 열립니다.</p>
        <a href="/main" className="btn btn--primary">
          스토어로 가기
        </a>
      </section>
    </main>
  );
}

function AdminFrame({ me }: { me: AdminStaff }) {
  const [open, setOpen] = useState(false);
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  // A chosen page closes the phone's menu.
  useEffect(() => setOpen(false), [pathname]);
  return (
    <div className="admin" data-layout="admin" data-role={me.role}>
      <header className="admin-nav">
        <div className="admin-nav__bar">
          <Link {...adminLink('')} className="admin-nav__brand">
            운영 콘솔
          </Link>
          <button
            type="button"
            className="admin-nav__toggle"
            aria-expanded={open}
            aria-controls="admin-menu"
            onClick={() => setOpen((o) => !o)}
          >
            {open ? '닫기' : '메뉴'}
          </button>
        </div>
        <nav id="admin-menu" className="admin-nav__menu" data-open={open} aria-label="운영 콘솔 메뉴">
          <ul className="admin-nav__list">
            {NAV.filter((item) => item.area === null || canUse(me.role, item.area)).map((item) => (
              <li key={item.to}>
                <Link
                  {...adminLink(item.to)}
                  className="admin-nav__link"
                  activeOptions={{ exact: item.to === '' }}
                  activeProps={{ className: 'is-active' }}
                >
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
          <div className="admin-nav__me">
            <strong>{me.name}</strong>
            <span>
              {ROLE_LABEL[me.role]}
              {me.teachername ? ` · ${me.teachername}` : ''}
            </span>
          </div>
          <a href="/main" className="admin-nav__store">
            스토어로 가기
          </a>
        </nav>
      </header>
      <main className="admin__main" id="main">
        <AdminScreen />
      </main>
    </div>
  );
}

// @first-paint: travels in the first chunk with the libraries (vite.config.ts)
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Link, useRouterState } from '@tanstack/react-router';
import { useSessionUser } from '../../auth/sessionStore';
import { onOpenSearchRequest } from '../../lib/shellEvents';
import { CartIcon, ClassroomIcon, MenuIcon, SearchIcon } from '../icons';
import { useHeaderMode } from './useHeaderMode';
import { useMyClassInfo } from './useMyClassInfo';
import { useWideScreen } from './useWideScreen';
import { Logo } from './Logo';
import './header.css';

// The side panel and the search box are only needed once their buttons are used: their code loads on
// first intent (hover, focus, touch) or first open, never with the page.
const loadSideMenu = () => import('./SideMenu');
const SideMenu = lazy(() => loadSideMenu().then((m) => ({ default: m.SideMenu })));
const preloadSideMenu = () => void loadSideMenu();
const loadSearchBox = () => import('./SearchBox');
const SearchBox = lazy(() => loadSearchBox().then((m) => ({ default: m.SearchBox })));
const preloadSearchBox = () => void loadSearchBox();
// The category menu shows on wide screens only (header.css): phones never download it. On a wide screen
// its code loads alongside the categories it lists, which arrive after the first paint anyway.
const loadCategoryMenu = () => import('./CategoryMenu');
const CategoryMenu = lazy(() => loadCategoryMenu().then((m) => ({ default: m.CategoryMenu })));
const CompactCategoryNav = lazy(() => loadCategoryMenu().then((m) => ({ default: m.CompactCategoryNav })));

/** The category menu's box while it loads and where the screen is too narrow to show it. */
const menuSlot = <nav className="gnb" aria-label="클래스 카테고리" />;

/** Shared header (spec §2): logo, category menu, search, member actions, side menu, scroll modes. */
export function Header() {
  const user = useSessionUser();
  const wide = useWideScreen();
  const mode = useHeaderMode();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const [searchOpen, setSearchOpen] = useState(false);
  const [searchUsed, setSearchUsed] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuUsed, setMenuUsed] = useState(false);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  const closeSearch = useCallback(() => setSearchOpen(false), []);
  const info = useMyClassInfo(user.data?.useruid, { alertOnError: true });

  // The side panel closes on every route change.
  useEffect(() => setMenuOpen(false), [pathname]);
  useEffect(
    () =>
      onOpenSearchRequest(() => {
        setSearchUsed(true);
        setSearchOpen(true);
      }),
    [],
  );

  const actions = (
    <HeaderActions
      loggedIn={user.loggedIn}
      cartCount={info?.cartCnt ?? 0}
      onSearch={() => {
        setSearchUsed(true);
        setSearchOpen((v) => !v);
      }}
      onMenu={() => {
        setMenuUsed(true);
        setMenuOpen(true);
      }}
    />
  );

  return (
    <div className="header-wrap" data-mode={mode}>
      <header className="site-header" data-testid="site-header" data-mode={mode}>
        <div className="site-header__inner">
          <Logo />
          {wide ? (
            <Suspense fallback={menuSlot}>
              <CategoryMenu />
            </Suspense>
          ) : (
            menuSlot
          )}
          {actions}
        </div>
        {searchUsed && (
          <Suspense fallback={null}>
            <SearchBox open={searchOpen} onClose={closeSearch} />
          </Suspense>
        )}
      </header>
      <div
        className="site-header-compact"
        data-testid="site-header-compact"
        aria-hidden={mode !== 'down'}
        inert={mode !== 'down'}
      >
        <div className="site-header-compact__inner">
          <Logo compact />
          {wide && (
            <Suspense fallback={null}>
              <CompactCategoryNav />
            </Suspense>
          )}
          {actions}
        </div>
      </div>
      {menuUsed && (
        <Suspense fallback={null}>
          <SideMenu open={menuOpen} onClose={closeMenu} user={user.data} />
        </Suspense>
      )}
    </div>
  );
}

interface HeaderActionsProps {
  loggedIn: boolean;
  cartCount: number;
  onSearch: () => void;
  onMenu: () => void;
}

function HeaderActions({ loggedIn, cartCount, onSearch, onMenu }: HeaderActionsProps) {
  return (
    <div className="header-actions" data-state={loggedIn ? 'member' : 'visitor'}>
      {loggedIn && (
        <Link to="/myclass" className="header-actions__classroom" aria-label="내 강의실">
          <ClassroomIcon size={22} />
          <span>내 강의실</span>
        </Link>
      )}
      <PanelButton label="검색" onClick={onSearch} preload={preloadSearchBox}>
        <SearchIcon />
      </PanelButton>
      {loggedIn ? (
        <CartLink count={cartCount} />
      ) : (
        <Link to="/login" className="header-actions__login">
          로그인
        </Link>
      )}
      <PanelButton label="전체 메뉴 열기" onClick={onMenu} preload={preloadSideMenu}>
        <MenuIcon />
      </PanelButton>
    </div>
  );
}

/** An icon button whose panel's code starts loading on the first sign of intent (hover, touch, focus). */
function PanelButton({
  label,
  onClick,
  preload,
  children,
}: {
  label: string;
  onClick: () => void;
  preload: () => void;
  children: React.ReactNode;
}) {
  return (
    <button
      type="button"
      className="icon-btn"
      onClick={onClick}
      onPointerEnter={preload}
      onPointerDown={preload}
      onFocus={preload}
      aria-label={label}
    >
      {children}
    </button>
  );
}

/** Cart icon with an alert mark when the cart count is not 0 (spec §9). */
function CartLink({ count }: { count: number }) {
  return (
    <Link to="/mycart" className="icon-btn cart-link" aria-label={`장바구니 ${count}건`}>
      <CartIcon />
      {count !== 0 && <i className="alert-mark" data-testid="cart-alert" aria-hidden="true" />}
    </Link>
  );
}

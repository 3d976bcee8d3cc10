import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Link, useRouterState } from '@tanstack/react-router';
import { useSessionUser } from '../../session/sessionStore';
import { onOpenSearchRequest } from '../../lib/shellEvents';
import { CartIcon, ClassroomIcon, MenuIcon, SearchIcon } from '../icons';
import { CategoryMenu, useCategoryMenu } from './CategoryMenu';
import { SearchBox } from './SearchBox';
import { useHeaderMode } from './useHeaderMode';
import { useMyClassInfo } from './useMyClassInfo';
import { Logo } from './Logo';
import './header.css';

// The side panel is only needed once the menu button is used: its code loads on first intent (hover, focus,
// touch) or first open, never with the page.
const loadSideMenu = () => import('./SideMenu');
const SideMenu = lazy(() => loadSideMenu().then((m) => ({ default: m.SideMenu })));
const preloadSideMenu = () => void loadSideMenu();

/** Shared header (spec §2): logo, category menu, search, member actions, side menu, scroll modes. */
export function Header() {
  const user = useSessionUser();
  const tree = useCategoryMenu();
  const mode = useHeaderMode();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const [searchOpen, setSearchOpen] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuUsed, setMenuUsed] = useState(false);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  const closeSearch = useCallback(() => setSearchOpen(false), []);
  const info = useMyClassInfo(user.data?.useruid, { alertOnError: true });

  // The side panel closes on every route change.
  useEffect(() => setMenuOpen(false), [pathname]);
  useEffect(() => onOpenSearchRequest(() => setSearchOpen(true)), []);

  const actions = (
    <HeaderActions
      loggedIn={user.loggedIn}
      cartCount={info?.cartCnt ?? 0}
      onSearch={() => setSearchOpen((v) => !v)}
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
          <CategoryMenu tree={tree} />
          {actions}
        </div>
        <SearchBox open={searchOpen} onClose={closeSearch} />
      </header>
      <div className="site-header-compact" data-testid="site-header-compact" aria-hidden={mode !== 'down'}>
        <div className="site-header-compact__inner">
          <Logo compact />
          <nav className="compact-nav" aria-label="주요 카테고리">
            {tree.map((n) => (
              <Link key={n.categoryid} to="/classList/$categoryid/$pcategoryid" params={{ categoryid: String(n.categoryid), pcategoryid: String(n.pcategoryid) }} className={n.on ? 'on' : undefined}>
                {n.menuName}
              </Link>
            ))}
          </nav>
          {actions}
        </div>
      </div>
      {menuUsed && (
        <Suspense fallback={null}>
          <SideMenu open={menuOpen} onClose={closeMenu} user={user.data} tree={tree} />
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
        <Link to="/myclass" className="header-actions__classroom">
          <ClassroomIcon size={22} />
          <span>내 강의실</span>
        </Link>
      )}
      <button type="button" className="icon-btn" onClick={onSearch} aria-label="검색">
        <SearchIcon />
      </button>
      {loggedIn ? <CartLink count={cartCount} /> : (
        <Link to="/login" className="header-actions__login">
          로그인
        </Link>
      )}
      <button
        type="button"
        className="icon-btn"
        onClick={onMenu}
        onPointerEnter={preloadSideMenu}
        onPointerDown={preloadSideMenu}
        onFocus={preloadSideMenu}
        aria-label="전체 메뉴 열기"
      >
        <MenuIcon />
      </button>
    </div>
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

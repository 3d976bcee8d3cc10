// @first-paint: travels in the first chunk with the libraries (vite.config.ts)
import { Link } from '@tanstack/react-router';
import { useSessionUser } from '../../auth/sessionStore';
import { requestOpenSearch } from '../../lib/shellEvents';
import { useMyClassInfo } from '../header/useMyClassInfo';
import { CartIcon, ChatIcon, ClassroomIcon, HomeIcon, SearchIcon } from '../icons';
import { CHAT_CHANNEL_URL } from '../../../rules/chatChannel';
import './footer.css';

/** Mobile fixed bar: HOME, 내 강의실, 검색, 장바구니 (alert mark), 문의 (spec §2 footer). */
export function MobileBar() {
  const user = useSessionUser();
  const info = useMyClassInfo(user.data?.useruid);
  const cartCount = info?.cartCnt ?? 0;
  return (
    <nav className="mobile-bar" aria-label="모바일 메뉴" data-testid="mobile-bar">
      <Link to="/main" className="mobile-bar__item">
        <HomeIcon size={22} />
        <span>HOME</span>
      </Link>
      <Link to="/myclass" className="mobile-bar__item">
        <ClassroomIcon size={22} />
        <span>내 강의실</span>
      </Link>
      <button type="button" className="mobile-bar__item" onClick={requestOpenSearch}>
        <SearchIcon size={22} />
        <span>검색</span>
      </button>
      <Link to="/mycart" className="mobile-bar__item">
        <span className="mobile-bar__icon">
          <CartIcon size={22} />
          {user.loggedIn && cartCount !== 0 && <i className="alert-mark" aria-hidden="true" />}
        </span>
        <span>장바구니</span>
      </Link>
      <a href={CHAT_CHANNEL_URL} target="_blank" rel="noreferrer" className="mobile-bar__item">
        <ChatIcon size={22} />
        <span>문의</span>
      </a>
    </nav>
  );
}

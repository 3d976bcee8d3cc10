import { createRoot } from 'react-dom/client';
import { api } from '../../api/client';
import { sessionStore, type SessionUserData } from '../../auth/sessionStore';
import { readViewAs, VIEW_AS_KEY } from './readOnly';
import { grantOnMemberReads } from './viewAsReads';
import { ViewAsBanner } from './ViewAsBanner';
// As text, put into the page by boot(): a stylesheet of its own would add its name to the entry's list of the chunks'
// stylesheets, which every visitor's first load carries.
import bannerStyles from './viewAs.css?inline';

/**
 * 회원 화면으로 보기: what makes a tab the console opened read as the member. Loaded by src/start.tsx, before the first route
 * loads, only in a tab whose session storage holds a member view, so no other tab carries a byte of it. It
 * - sends the grant with the member reads the yaml marks (viewAsReads.ts), beside the staff member's own token;
 * - shows the member as the signed-in user to every screen and loader, whatever the identity runtime restores from the
 *   staff member's cookies (the runtime itself goes on checking the staff member's own session);
 * - drops what the server wrote into the page for the staff member's own first paint;
 * - puts the banner above the page, with 나가기.
 * The console's own pages end it (opening the console again is leaving).
 */
export function boot(): void {
  const view = readViewAs();
  if (!view || !sessionStore.get().user.loggedIn || /^\/admin(\/|$)/i.test(window.location.pathname)) {
    end();
    return;
  }
  api.use(grantOnMemberReads(view.grant));
  const shown: SessionUserData = { email: view.member.email, useruid: view.member.useruid, username: view.member.name };
  // Synchronous: a listener that would render the staff member's restored session runs after this one has put the
  // member back, and reads the member.
  const keepMember = () => {
    const { user } = sessionStore.get();
    if (user.loggedIn && user.data?.useruid !== shown.useruid) sessionStore.setLoggedIn(shown);
  };
  sessionStore.subscribe(keepMember);
  keepMember();
  document.getElementById('first-paint-data')?.remove();
  const style = document.createElement('style');
  style.textContent = bannerStyles;
  document.head.append(style);
  const host = document.createElement('div');
  host.id = 'view-as';
  document.body.prepend(host);
  document.documentElement.classList.add('view-as');
  createRoot(host).render(<ViewAsBanner view={view} onLeave={() => leave(view.back)} />);
}

function end(): void {
  try {
    sessionStorage.removeItem(VIEW_AS_KEY);
  } catch {
    /* storage disabled: nothing was kept */
  }
}

/** 나가기: the member view ends in this tab, which goes back to the console page it came from, loaded afresh. */
function leave(back: string): void {
  end();
  window.location.assign(back.startsWith('/admin') ? back : '/admin');
}

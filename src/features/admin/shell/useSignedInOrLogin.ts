import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, useRouteContext } from '@tanstack/react-router';
import { signedInOrToLogin } from '../../../auth/signedInOrToLogin';

/**
 * The store's guard (requireSignedIn, through signedInOrToLogin) for the console's lazy layout: a visitor gets the
 * login notice and /login, which brings them back to the console page they asked for. Asked again on every
 * console page, as a `beforeLoad` would be.
 */
export function useSignedInOrLogin(): boolean {
  const auth = useRouteContext({ from: '__root__', select: (context) => context.auth });
  const here = useLocation({ select: (location) => location.href });
  const navigate = useNavigate();
  const signedIn = auth.hasValidToken();
  // The layout stays on screen while /login loads, and sees its address: one trip to /login per visit.
  const leaving = useRef(false);
  useEffect(() => {
    if (signedIn || leaving.current) return;
    leaving.current = true;
    void signedInOrToLogin(auth, (to) => navigate({ ...to, replace: true }), here);
  }, [signedIn, auth, here, navigate]);
  return signedIn;
}

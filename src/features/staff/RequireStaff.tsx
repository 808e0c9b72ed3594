/**
 * Staff screens are for signed-in staff only: others go to sign-in and come back afterwards. A session
 * that looks valid here is also checked with the server once, so a revoked one ends at sign-in too,
 * rather than showing an empty list (PocketBase lists nothing to a request without a valid session).
 */
import { useEffect, useEffectEvent, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { isSessionError, sessionState, signInPath, signOut, verifySession } from './session.ts';

export default function RequireStaff({ children }: { children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const here = location.pathname + location.search;
  const state = sessionState();
  // Back to this screen as it is then (its search may have changed since the check started).
  const toSignIn = useEffectEvent(() => {
    signOut();
    navigate(signInPath(here, true), { replace: true });
  });

  useEffect(() => {
    if (state !== 'signed-in') return;
    let live = true;
    verifySession().catch((err: unknown) => {
      if (!live || !isSessionError(err)) return; // offline: the list will say it could not load
      toSignIn();
    });
    return () => {
      live = false;
    };
    // Once per screen, not on every search-param change of the same screen.
  }, [state, location.pathname]);

  if (state !== 'signed-in') return <Navigate to={signInPath(here, state === 'expired')} replace />;
  return <>{children}</>;
}

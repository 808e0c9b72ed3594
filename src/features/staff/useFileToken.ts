/**
 * A file token for the protected uploads on a staff list. PocketBase's tokens are short-lived (minutes),
 * so it is renewed while the list is open and whenever the tab comes back, and file links always open.
 * A renewal that fails for a lost session goes to `onSessionLost` (back to sign-in); any other failure
 * is `failed` until a renewal succeeds: the list itself is fine, only its file links would not open.
 */
import { startTransition, useEffect, useState } from 'react';
import { pb } from '../../config/pocketbase.ts';
import { isSessionError } from './session.ts';

const RENEW_EVERY_MS = 100_000;

export function useFileToken(enabled: boolean, onSessionLost: (err: unknown) => void): { token: string; failed: boolean } {
  const [token, setToken] = useState('');
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    // A new token re-renders every file link of the list: a transition, so it never blocks input.
    const renew = () =>
      pb.files.getToken().then(
        (t) =>
          live &&
          startTransition(() => {
            setToken(t);
            setFailed(false);
          }),
        (err: unknown) => {
          if (!live) return;
          if (isSessionError(err)) onSessionLost(err);
          else setFailed(true);
        },
      );
    const onVisible = () => document.visibilityState === 'visible' && void renew();
    void renew();
    const timer = window.setInterval(() => void renew(), RENEW_EVERY_MS);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      live = false;
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [enabled, onSessionLost]);
  return { token, failed };
}

/**
 * A file token for the protected uploads on a staff list. PocketBase's tokens are short-lived (minutes),
 * so it is renewed while the list is open and whenever the tab comes back, and file links always open.
 */
import { startTransition, useEffect, useState } from 'react';
import { pb } from '../../config/pocketbase.ts';

const RENEW_EVERY_MS = 100_000;

export function useFileToken(enabled: boolean, onError: (err: unknown) => void): string {
  const [token, setToken] = useState('');
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    // A new token re-renders every file link of the list: a transition, so it never blocks input.
    const renew = () => pb.files.getToken().then((t) => live && startTransition(() => setToken(t)), (err: unknown) => live && onError(err));
    const onVisible = () => document.visibilityState === 'visible' && void renew();
    void renew();
    const timer = window.setInterval(() => void renew(), RENEW_EVERY_MS);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      live = false;
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [enabled, onError]);
  return token;
}

/**
 * New submissions as they arrive (PocketBase realtime, which applies the list rule, so only staff get
 * them): counts the ones created since the list was loaded, for a "new applications" notice.
 */
import { useEffect, useState } from 'react';
import { pb } from '../../config/pocketbase.ts';

export function useArrivals(collection: string): { arrived: number; reset: () => void } {
  const [arrived, setArrived] = useState(0);
  useEffect(() => {
    let live = true;
    let unsubscribe: (() => Promise<void>) | null = null;
    pb.collection(collection)
      .subscribe('*', (e) => {
        if (live && e.action === 'create') setArrived((n) => n + 1);
      })
      .then(
        (stop) => {
          if (live) unsubscribe = stop;
          else void stop();
        },
        () => undefined, // realtime is a convenience: the list still loads and pages without it
      );
    return () => {
      live = false;
      void unsubscribe?.();
    };
  }, [collection]);
  return { arrived, reset: () => setArrived(0) };
}

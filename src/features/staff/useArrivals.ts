/**
 * New submissions as they arrive (PocketBase realtime, which applies the list rule, so only staff get
 * them): counts the ones created since the list last showed the newest records, for a "new
 * applications" notice.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { pb } from '../../config/pocketbase.ts';

export interface Arrivals {
  arrived: number;
  reset: () => void;
  /**
   * Called as a load starts; what it returns is called once that load has shown the newest records
   * (the first page, unfiltered, newest first): the arrivals counted until it started are on screen then.
   */
  loading: () => () => void;
}

export function useArrivals(collection: string): Arrivals {
  const [arrived, setArrived] = useState(0);
  const count = useRef(0);
  useEffect(() => {
    let live = true;
    let unsubscribe: (() => Promise<void>) | null = null;
    pb.collection(collection)
      .subscribe('*', (e) => {
        if (!live || e.action !== 'create') return;
        count.current += 1;
        setArrived(count.current);
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
  const reset = useCallback(() => {
    count.current = 0;
    setArrived(0);
  }, []);
  const loading = useCallback(() => {
    const before = count.current;
    return () => {
      count.current = Math.max(0, count.current - before);
      setArrived(count.current);
    };
  }, []);
  return { arrived, reset, loading };
}

import { useEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

/**
 * A new page starts at its top, as a followed link does on any site; going back or forward (POP) leaves
 * the position to the browser. A change of ?lang= or of a list's filters keeps the page where it is.
 */
export function ScrollReset() {
  const { pathname } = useLocation();
  const type = useNavigationType();
  useEffect(() => {
    if (type !== 'POP') window.scrollTo(0, 0);
  }, [pathname, type]);
  return null;
}

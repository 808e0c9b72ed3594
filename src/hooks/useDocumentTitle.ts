import { useEffect } from 'react';

/** The title of the page being prerendered (there is no document then): the build writes it into <title>. */
export const prerenderedTitle: { current: string | null } = { current: null };

/** Each screen names itself in the tab title, so screen readers and history show where you are. */
export function useDocumentTitle(title: string): void {
  // eslint-disable-next-line react-hooks/immutability -- prerendering only (no document), where no effect runs: the build can learn the title only while the page renders
  if (typeof document === 'undefined') prerenderedTitle.current = title;
  useEffect(() => {
    document.title = title;
  }, [title]);
}

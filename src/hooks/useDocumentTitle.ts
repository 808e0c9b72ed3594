import { useEffect } from 'react';

/** Each screen names itself in the tab title, so screen readers and history show where you are. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
}

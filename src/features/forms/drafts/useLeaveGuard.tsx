/**
 * Leaving a form that holds answers a draft does not keep (a typed SSN, chosen files, a typed signature,
 * or everything when the browser refuses storage) asks first: the browser's own question for a reload,
 * a closed tab or another site (`beforeunload`), and ours for a link to another screen of the site.
 *
 * The site runs react-router in declarative mode, where its useBlocker does not work (it needs a data
 * router, which no screen here uses: app/routes.tsx). So the guard listens to clicks on links in the
 * capture phase, before the router's own handler, and holds a plain click on a link that leaves this
 * screen; "Leave" then goes there. A link within the form's own address (the language tabs, a step)
 * is never held.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';

/** The in-site address a click on `event`'s link would go to, when it leaves the current screen; else null. */
function leavingTo(event: MouseEvent): string | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const link = (event.target as Element | null)?.closest?.('a[href]');
  if (!(link instanceof HTMLAnchorElement) || link.hasAttribute('download') || (link.target && link.target !== '_self')) return null;
  const url = new URL(link.href, window.location.href);
  if (url.origin !== window.location.origin || url.pathname === window.location.pathname) return null;
  return url.pathname + url.search + url.hash;
}

/** `mustAsk` is read when the applicant leaves (it may read refs); returns the dialog to render. */
export function useLeaveGuard(mustAsk: () => boolean): ReactNode {
  const intl = useIntl();
  const navigate = useNavigate();
  const [pending, setPending] = useState<string | null>(null);
  const ask = useRef(mustAsk);
  useEffect(() => {
    ask.current = mustAsk;
  }, [mustAsk]);

  useEffect(() => {
    const beforeUnload = (event: BeforeUnloadEvent) => {
      if (!ask.current()) return;
      event.preventDefault();
      // Older browsers show their question only with a returnValue set.
      event.returnValue = '';
    };
    const click = (event: MouseEvent) => {
      const to = leavingTo(event);
      if (to === null || !ask.current()) return;
      event.preventDefault();
      event.stopPropagation();
      setPending(to);
    };
    window.addEventListener('beforeunload', beforeUnload);
    document.addEventListener('click', click, true);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      document.removeEventListener('click', click, true);
    };
  }, []);

  return (
    <ConfirmDialog
      opened={pending !== null}
      title={intl.formatMessage({ id: 'drafts.leave.title' })}
      cancelLabel={intl.formatMessage({ id: 'drafts.leave.stay' })}
      confirmLabel={intl.formatMessage({ id: 'drafts.leave.go' })}
      confirmMovesFocus
      onCancel={() => setPending(null)}
      onConfirm={() => {
        const to = pending;
        setPending(null);
        if (to) void navigate(to);
      }}
    >
      {intl.formatMessage({ id: 'drafts.leave.body' })}
    </ConfirmDialog>
  );
}

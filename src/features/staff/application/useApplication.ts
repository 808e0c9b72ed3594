/**
 * The application page's data and its errors: the application loaded (loadApplication.ts), a lost session
 * sent to sign-in and back here (as the staff list does), any other failure said on the page, a file
 * token while the application has files, and an admin's audited reveal of a masked value.
 */
import { useCallback, useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { useLocation, useNavigate } from 'react-router-dom';
import { pb } from '../../../config/pocketbase.ts';
import type { ServiceEntry } from '../../../engine/types.ts';
import { isSessionError, signInPath, signOut } from '../session.ts';
import { useFileToken } from '../useFileToken.ts';
import { loadApplication, loadHistory, loadMail, type Application } from './loadApplication.ts';

export type Loaded = { state: 'loading' } | { state: 'missing' } | { state: 'failed' } | ({ state: 'ready'; at: number } & Application);

export function useApplication(service: ServiceEntry, id: string) {
  const intl = useIntl();
  const navigate = useNavigate();
  const location = useLocation();
  const here = location.pathname + location.search;
  // Whose state it is: after a move to the next application, the previous one's is not shown as this one's.
  const [state, setLoaded] = useState<Loaded & { of?: string }>({ state: 'loading' });
  const loaded: Loaded = state.of === id ? state : { state: 'loading' };
  const [error, setError] = useState<string | null>(null);

  /** A lost session goes back to sign-in (and returns here); anything else is said on the page. */
  const failed = useCallback(
    (err: unknown, message = 'staff.application.loadFailed') => {
      if (isSessionError(err)) {
        signOut();
        navigate(signInPath(here, true), { replace: true });
      } else setError(intl.formatMessage({ id: message }));
    },
    [navigate, here, intl],
  );

  const load = useCallback(
    () =>
      loadApplication(service, id).then(
        (application) => {
          setLoaded({ state: 'ready', at: Date.now(), ...application, of: id });
          setError(null);
        },
        (err: unknown) => {
          // Not there (moved to the trash, a wrong link): the page says so; a lost session goes to sign-in.
          if ((err as { status?: number }).status === 404) return setLoaded({ state: 'missing', of: id });
          setLoaded((prev) => (prev.state === 'ready' && prev.of === id ? prev : { state: 'failed', of: id }));
          failed(err);
        },
      ),
    [service, id, failed],
  );

  useEffect(() => {
    void load();
  }, [load]);

  const hasFiles = service.admin.fields.some((f) => f.display === 'file' || f.display === 'files');
  const files = useFileToken(hasFiles && loaded.state === 'ready', failed);
  const record = loaded.state === 'ready' ? loaded.record : null;
  const fileUrl = useCallback((name: string) => (record && files.token ? pb.files.getURL(record, name, { token: files.token }) : ''), [record, files.token]);

  const reveal = useCallback(
    async (field: string) => {
      try {
        const { value } = await pb.send<{ value: string }>(
          `/api/formwork/reveal/${encodeURIComponent(service.collection)}/${encodeURIComponent(id)}/${encodeURIComponent(field)}`,
          { method: 'POST' },
        );
        return value;
      } catch (err) {
        failed(err, 'staff.reveal.failed');
        throw err;
      }
    },
    [service.collection, id, failed],
  );

  /** After a status change: the record's new status, and its history again (the server wrote the entry). */
  const statusChanged = useCallback(
    async (status: string) => {
      setLoaded((prev) => (prev.state === 'ready' ? { ...prev, record: { ...prev.record, status } } : prev));
      try {
        const history = await loadHistory(service, id);
        setLoaded((prev) => (prev.state === 'ready' ? { ...prev, history } : prev));
      } catch (err) {
        failed(err);
      }
    },
    [service, id, failed],
  );

  /** A change another part saved (the assignee): the record on screen shows it without a reload. */
  const patchRecord = useCallback((patch: Record<string, unknown>) => {
    setLoaded((prev) => (prev.state === 'ready' ? { ...prev, record: { ...prev.record, ...patch } } : prev));
  }, []);

  /** The e-mails again (a reply or a resend queued one). */
  const reloadMail = useCallback(async () => {
    try {
      const mail = await loadMail(service, id);
      setLoaded((prev) => (prev.state === 'ready' ? { ...prev, mail } : prev));
    } catch (err) {
      failed(err);
    }
  }, [service, id, failed]);

  return { loaded, error, setError, failed, reload: load, reloadMail, patchRecord, fileUrl, filesFailed: files.failed, reveal, statusChanged };
}

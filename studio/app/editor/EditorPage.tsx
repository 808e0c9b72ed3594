/**
 * /services/:id — the editor of one service. A new service arrives with its draft (from "New service",
 * in the navigation's state); an existing one is read from the server. The draft lives in a
 * DraftProvider per service, so opening another service starts afresh.
 */
import { Alert, Loader } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { useLocation, useParams } from 'react-router-dom';
import type { ServiceDraft } from '../../model/document.ts';
import { studioApi } from '../api.ts';
import { DraftProvider } from '../draft/DraftContext.tsx';
import { EditorScreen } from './EditorScreen.tsx';

type Loaded = { id: string; draft: ServiceDraft; saved: ServiceDraft | null } | { id: string; error: string };

export function EditorPage() {
  const intl = useIntl();
  const { id = '' } = useParams();
  const state = useLocation().state as { draft?: ServiceDraft } | null;
  // A new service's draft is kept here once it arrives: a later navigation on this page (a tab in the
  // query string) comes without the state, and the service is not on disk to be read until it is saved.
  const [kept, setKept] = useState<ServiceDraft | undefined>(undefined);
  if (state?.draft && state.draft.id === id && state.draft !== kept) setKept(state.draft);
  const created = state?.draft?.id === id ? state.draft : kept?.id === id ? kept : undefined;
  const [loaded, setLoaded] = useState<Loaded | null>(null);

  useEffect(() => {
    if (created) return;
    const controller = new AbortController();
    studioApi.service(id, controller.signal).then(
      ({ draft }) => setLoaded({ id, draft, saved: draft }),
      (error: unknown) => {
        if (!controller.signal.aborted) setLoaded({ id, error: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => controller.abort();
  }, [id, created]);

  const current = created ? { id, draft: created, saved: null } : loaded?.id === id ? loaded : null;
  if (!current) return <Loader aria-label={intl.formatMessage({ id: 'app.loading' })} />;
  if ('error' in current) {
    return (
      <Alert color="red" role="alert" title={intl.formatMessage({ id: 'editor.loadError' }, { id })}>
        {current.error}
      </Alert>
    );
  }
  return (
    <DraftProvider key={id} draft={current.draft} saved={current.saved}>
      <EditorScreen />
    </DraftProvider>
  );
}

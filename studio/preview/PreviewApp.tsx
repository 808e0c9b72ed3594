/**
 * The preview iframe's page: waits for the panel's messages (studio/app/preview/PreviewPanel.tsx), prepares
 * each payload (validators imported, block renderers loaded) and shows the form, the staff card or the
 * e-mails with the site's own providers (theme, language). Once a payload is on screen it answers with
 * its number, so the panel can tell how long an edit took to show.
 */
import { Alert, Container } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { GivenLocaleProvider } from '../../src/app/locale.tsx';
import { SiteProviders } from '../../src/app/SiteProviders.tsx';
import { CardView } from './CardView.tsx';
import { FormView } from './FormView.tsx';
import { MailsView } from './MailsView.tsx';
import { isPreviewMessage, type PreviewMessage, type PreviewReady, type PreviewShown } from './payload.ts';
import { preparePreview, type PreparedPreview } from './previewEntry.ts';

type Showing = Omit<PreviewMessage, 'payload'> & ({ prepared: PreparedPreview; error?: undefined } | { prepared?: PreparedPreview; error: string });

/** Messages go to, and are taken from, the studio page that holds this frame only (same origin). */
const post = (message: PreviewShown | PreviewReady) => window.parent.postMessage(message, window.location.origin);

export function PreviewApp() {
  const [showing, setShowing] = useState<Showing | null>(null);
  const latest = useRef(0);

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.source !== window.parent || event.origin !== window.location.origin || !isPreviewMessage(event.data)) return;
      const { payload, ...message } = event.data;
      latest.current = Math.max(latest.current, message.seq);
      // A payload overtaken by a newer one while preparing is dropped.
      void preparePreview(payload).then(
        (prepared) => message.seq === latest.current && setShowing({ ...message, prepared }),
        (err: unknown) => message.seq === latest.current && setShowing((prev) => ({ ...message, prepared: prev?.prepared, error: String((err as Error)?.message ?? err) })),
      );
    };
    window.addEventListener('message', onMessage);
    post({ type: 'formwork-preview-ready' });
    return () => window.removeEventListener('message', onMessage);
  }, []);

  useEffect(() => {
    if (!showing) return;
    document.documentElement.lang = showing.prepared?.payload.locale ?? 'en';
    // On screen: the frame after this commit has been painted.
    let timer = 0;
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => post({ type: 'formwork-preview-shown', seq: showing.seq }));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [showing]);

  if (!showing) return null;
  const { prepared, show, words, seq, error } = showing;
  return (
    <SiteProviders>
      {error && (
        <Container size="sm" pt="md">
          <Alert color="red" role="alert">
            {words.failed.replace('{error}', error)}
          </Alert>
        </Container>
      )}
      {prepared && (
        <GivenLocaleProvider locale={prepared.payload.locale} messages={prepared.payload.messages}>
          {show === 'form' ? <FormView prepared={prepared} seq={seq} /> : show === 'card' ? <CardView prepared={prepared} /> : <MailsView mails={prepared.payload.mails} words={words} />}
        </GivenLocaleProvider>
      )}
    </SiteProviders>
  );
}

/**
 * The live preview beside the editor: the draft as the site would render it (the form, the staff card,
 * the e-mails) in an <iframe> of its own page (studio/preview.html), in the chosen language and at a
 * phone's or a desktop's width, so the site's media queries apply. Each change of the draft is sent to
 * the server (POST /studio-api/preview, the generator's own code) shortly after the last keystroke; the
 * payload goes into the frame by postMessage, and the time from the change to the frame's paint is shown.
 */
import { Alert, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { Locale } from '../../model/document.ts';
import type { PreviewPayload, PreviewShow } from '../../preview/payload.ts';
import { useDraft } from '../draft/DraftContext.tsx';
import { LOCALE_NAMES, STUDIO_LOCALES } from '../intl.tsx';
import { fetchPreview, PreviewRefused } from './previewApi.ts';
import { previewWords } from './previewWords.ts';
import { usePreviewFrame } from './usePreviewFrame.ts';
import { FrameBox, type PreviewWidth } from './FrameBox.tsx';

/** Typing a label sends one request per pause, not one per key; short, as the whole change must show within a second. */
export const PREVIEW_DELAY_MS = 80;

type Fetcher = typeof fetchPreview;

interface Props {
  /** Where payloads come from; a test passes its own. */
  fetcher?: Fetcher;
  /** Each change's time to the screen (ms), for a bench or a test log. */
  onShown?: (ms: number) => void;
}

export function PreviewPanel({ fetcher = fetchPreview, onShown }: Props) {
  const intl = useIntl();
  const { draft } = useDraft();
  const [locale, setLocale] = useState<Locale>('en');
  const [width, setWidth] = useState<PreviewWidth>('desktop');
  const [show, setShow] = useState<PreviewShow>('form');
  const [payload, setPayload] = useState<{ payload: PreviewPayload; changedAt: number; fetchMs: number } | null>(null);
  const [refusal, setRefusal] = useState<PreviewRefused | null>(null);
  const frame = useRef<HTMLIFrameElement>(null);
  const { deliver, lastMs } = usePreviewFrame(frame, onShown);
  const words = useMemo(() => previewWords(intl), [intl]);

  // A new draft or language: a new payload, after a pause in the changes.
  useEffect(() => {
    const changedAt = performance.now();
    const abort = new AbortController();
    const timer = window.setTimeout(() => {
      const asked = performance.now();
      fetcher(draft, locale, abort.signal).then(
        (next) => {
          setPayload({ payload: next, changedAt, fetchMs: Math.round(performance.now() - asked) });
          setRefusal(null);
        },
        (err: unknown) => {
          if (abort.signal.aborted) return;
          setRefusal(err instanceof PreviewRefused ? err : new PreviewRefused(String((err as Error)?.message ?? err), []));
        },
      );
    }, PREVIEW_DELAY_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [draft, locale, fetcher]);

  // What to show changes without asking the server again.
  const shownSince = useRef(0);
  useEffect(() => {
    shownSince.current = performance.now();
  }, [show]);
  useEffect(() => {
    if (payload) deliver({ payload: payload.payload, show, words }, Math.max(payload.changedAt, shownSince.current));
  }, [payload, show, words, deliver]);

  const label = (id: string) => intl.formatMessage({ id });
  return (
    <Stack component="section" aria-label={label('preview.region')} gap="xs" data-testid="preview-panel">
      <Group gap="md" align="flex-end" wrap="wrap">
        <Choice
          label={label('preview.language')}
          value={locale}
          onChange={setLocale}
          data={STUDIO_LOCALES.map((l) => ({ value: l, label: <span lang={l}>{LOCALE_NAMES[l]}</span> }))}
        />
        <Choice
          label={label('preview.width')}
          value={width}
          onChange={setWidth}
          data={[
            { value: 'phone', label: label('preview.width.phone') },
            { value: 'desktop', label: label('preview.width.desktop') },
          ]}
        />
        <Choice
          label={label('preview.show')}
          value={show}
          onChange={setShow}
          data={[
            { value: 'form', label: label('preview.show.form') },
            { value: 'card', label: label('preview.show.card') },
            { value: 'mails', label: label('preview.show.mails') },
          ]}
        />
      </Group>
      {refusal &&
        (refusal.problems.length > 0 ? (
          <Alert color="yellow" data-testid="preview-stale">
            {label('preview.stale')}
          </Alert>
        ) : (
          <Alert color="red" role="alert">
            {intl.formatMessage({ id: 'preview.unavailable' }, { error: refusal.message })}
          </Alert>
        ))}
      {!payload && !refusal && (
        <Text size="sm" c="dimmed">
          {label('preview.loading')}
        </Text>
      )}
      <FrameBox width={width} frame={frame} title={label('preview.frame')} />
      {lastMs !== null && (
        // data-fetch-ms: the server's share of it (the generator's checks and the payload), for the bench.
        <Text size="xs" c="dimmed" data-testid="preview-timing" data-ms={lastMs} data-fetch-ms={payload?.fetchMs}>
          {intl.formatMessage({ id: 'preview.changed' }, { ms: lastMs })}
        </Text>
      )}
    </Stack>
  );
}

/** One of the panel's choices: a segmented control named by the visible label above it. */
function Choice<T extends string>({ label, value, onChange, data }: { label: string; value: T; onChange: (value: T) => void; data: { value: T; label: ReactNode }[] }) {
  const id = useId();
  return (
    <Stack gap={2}>
      <Text size="sm" fw={500} id={id}>
        {label}
      </Text>
      <SegmentedControl aria-labelledby={id} size="xs" value={value} onChange={(v) => onChange(v as T)} data={data} />
    </Stack>
  );
}

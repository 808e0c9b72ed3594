/**
 * The panel's side of the preview: sends the latest payload, with what to show, into the iframe
 * (postMessage, same origin only), sends it again when the iframe (re)starts, and tells how long each
 * change took to be on screen: from the change (an edit, a language, what to show) to the iframe's word
 * that it has painted that message.
 */
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { isPreviewReady, isPreviewShown, type PreviewMessage } from '../../preview/payload.ts';

export interface Delivery {
  /** Sends a message into the frame; `changedAt` (performance.now()) is when the change it shows was made. */
  deliver(message: Omit<PreviewMessage, 'type' | 'seq'>, changedAt: number): void;
  /** Milliseconds from the last change to its message on screen; null until one has shown. */
  lastMs: number | null;
}

export function usePreviewFrame(frame: RefObject<HTMLIFrameElement | null>, onShown?: (ms: number) => void): Delivery {
  const seq = useRef(0);
  const last = useRef<PreviewMessage | null>(null);
  const changes = useRef(new Map<number, number>());
  const [lastMs, setLastMs] = useState<number | null>(null);

  const send = useCallback(
    (message: PreviewMessage) => frame.current?.contentWindow?.postMessage(message, window.location.origin),
    [frame],
  );

  const deliver = useCallback(
    (message: Omit<PreviewMessage, 'type' | 'seq'>, changedAt: number) => {
      seq.current += 1;
      const full: PreviewMessage = { type: 'formwork-preview', seq: seq.current, ...message };
      last.current = full;
      changes.current.set(full.seq, changedAt);
      send(full);
    },
    [send],
  );

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.source !== frame.current?.contentWindow) return;
      if (isPreviewReady(event.data) && last.current) send(last.current);
      if (isPreviewShown(event.data) && event.data.seq === seq.current) {
        const changedAt = changes.current.get(event.data.seq);
        changes.current.clear();
        if (changedAt === undefined) return;
        const ms = Math.round(performance.now() - changedAt);
        setLastMs(ms);
        onShown?.(ms);
      }
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [frame, send, onShown]);

  return { deliver, lastMs };
}

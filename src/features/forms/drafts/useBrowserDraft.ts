/**
 * Keeps the form's answers in the browser as they change (draftStore.ts) and gives them back when the form
 * opens again. The stored copy is read after hydration (useSyncExternalStore's server snapshot is "not
 * known yet"): the prerendered page shows the empty form, as the build rendered it, and the restored
 * answers come in the render after. Until then `settled` is false, and the form keeps the step the address
 * asks for (a reload on ?step=review stays there once the answers are back).
 *
 * A send clears the copy (the application is on its way); a send that fails writes it again, so nothing
 * typed is lost either way.
 */
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { FormModule } from '../../../engine/types.ts';
import { clearDraft, parseDraft, rawDraft, writeDraft, type StoredDraft } from './draftStore.ts';
import { draftValues } from './draftValues.ts';

type Values = Record<string, unknown>;

const noSubscription = () => () => {};

export interface BrowserDraft {
  /** The stored copy has been looked at (always true after the first client render). */
  settled: boolean;
  /** The answers the form was given back when it opened, for the notice; null when it started empty. */
  restored: Pick<StoredDraft, 'savedAt' | 'from'> | null;
  /** The last write reached the browser's storage (false: kept in memory only, lost with the tab). */
  persisted: boolean;
  /** Hides the notice, keeping the answers. */
  dismiss: () => void;
  /** Forgets the stored answers (Start again). */
  clear: () => void;
}

interface Options {
  storeKey: string;
  form: FormModule;
  data: Values;
  fixed: Values;
  /** The submission's state: 'sending' clears the copy, 'failed' writes it again. */
  status: string;
  /** Puts the stored answers into the form (called during a render, once). */
  onRestore: (values: Values) => void;
}

export function useBrowserDraft({ storeKey, form, data, fixed, status, onRestore }: Options): BrowserDraft {
  // null while hydrating (not known yet), then the stored text ('' for none).
  const raw = useSyncExternalStore(noSubscription, () => rawDraft(storeKey), () => null);
  const settled = raw !== null;
  const [restored, setRestored] = useState<BrowserDraft['restored'] | undefined>(undefined);
  const [persisted, setPersisted] = useState(true);
  // Decided once, in the first render that can read the copy: the answers go into the form before any effect sees it empty.
  if (settled && restored === undefined) {
    const draft = parseDraft(raw);
    setRestored(draft && Object.keys(draft.values).length > 0 ? { savedAt: draft.savedAt, from: draft.from } : null);
    if (draft && Object.keys(draft.values).length > 0) onRestore(draft.values);
    else if (raw) clearDraft(storeKey); // expired or unreadable
  }

  // The data as it was when the copy was decided on: only a change after that is written.
  const baseline = useRef<Values | null>(null);
  useEffect(() => {
    if (!settled || restored === undefined) return;
    if (baseline.current === null) {
      baseline.current = data;
      return;
    }
    if (data === baseline.current || status === 'sending') return;
    setPersisted(writeDraft(storeKey, { savedAt: Date.now(), values: draftValues(form, data, fixed), from: 'browser' }));
  }, [settled, restored, data, storeKey, form, fixed, status]);

  const last = useRef(status);
  useEffect(() => {
    if (last.current === status) return;
    last.current = status;
    if (status === 'sending') clearDraft(storeKey);
    else if (status === 'failed' && baseline.current !== null) {
      setPersisted(writeDraft(storeKey, { savedAt: Date.now(), values: draftValues(form, data, fixed), from: 'browser' }));
    }
  }, [status, storeKey, form, data, fixed]);

  const dismiss = useCallback(() => setRestored(null), []);
  const clear = useCallback(() => clearDraft(storeKey), [storeKey]);
  return { settled, restored: restored ?? null, persisted, dismiss, clear };
}

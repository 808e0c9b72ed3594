/**
 * Everything a form does with drafts, for ApplicationForm to place: its answers kept in the browser and
 * given back with a notice and "Start again" (useBrowserDraft.ts, DraftNotice.tsx), "Save and continue
 * later" (SaveForLater.tsx), and the question before leaving with answers no draft keeps (useLeaveGuard.tsx).
 */
import { useCallback, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import type { FormModule, FormVariant, ServiceEntry } from '../../../engine/types.ts';
import { DraftNotice } from './DraftNotice.tsx';
import { draftKey } from './draftStore.ts';
import { draftValues, emailAnswer, hasUnkeptFields, holdsUnkept } from './draftValues.ts';
import { SaveForLater } from './SaveForLater.tsx';
import { useBrowserDraft } from './useBrowserDraft.ts';
import { useLeaveGuard } from './useLeaveGuard.tsx';

type Values = Record<string, unknown>;

export interface FormDraftsOptions {
  service: ServiceEntry;
  variant: FormVariant;
  form: FormModule;
  locale: string;
  data: Values;
  /** The route's values: shown, never stored. */
  fixed: Values;
  /** The submission's state kind ('idle', 'sending', 'failed'). */
  status: string;
  /** The files chosen, by field (ApplicationForm's map): never kept, so leaving with any asks first. */
  files: Map<string, File[]>;
  /** A signature was typed or ticked (never kept either). */
  signed: boolean;
  /** Puts stored answers into the form. */
  onRestore: (values: Values) => void;
  /** "Start again": a fresh, empty form (ServiceFormPage mounts a new one); without it the answers are emptied here. */
  onRestart?: () => void;
}

export interface FormDrafts {
  /** The stored answers have been looked at: until then the step in the address waits for them. */
  settled: boolean;
  notice: ReactNode;
  saveButton: ReactNode;
  guard: ReactNode;
}

export function useFormDrafts({ service, variant, form, locale, data, fixed, status, files, signed, onRestore, onRestart }: FormDraftsOptions): FormDrafts {
  const storeKey = draftKey(service.collection, variant.id);
  const draft = useBrowserDraft({ storeKey, form, data, fixed, status, onRestore });
  const { pathname } = useLocation();
  const [params, setParams] = useSearchParams();

  const now = useRef({ data, signed, status, persisted: draft.persisted });
  useEffect(() => {
    now.current = { data, signed, status, persisted: draft.persisted };
  }, [data, signed, status, draft.persisted]);
  // Read when the applicant leaves: what would be lost then.
  const mustAsk = useCallback(() => {
    const at = now.current;
    if (at.status === 'sending') return true;
    const chosen = [...files.values()].some((list) => list.length > 0);
    const unstored = !at.persisted && Object.keys(draftValues(form, at.data, fixed)).length > 0;
    return chosen || at.signed || holdsUnkept(form, at.data) || unstored;
  }, [files, form, fixed]);
  const guard = useLeaveGuard(mustAsk);

  const startAgain = () => {
    draft.clear();
    // Back to the first step: a fresh form starts there.
    if (params.has('step')) {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          next.delete('step');
          return next;
        },
        { replace: true },
      );
    }
    if (onRestart) onRestart();
    else {
      draft.dismiss();
      onRestore({});
    }
  };

  const unkeptFields = useMemo(() => hasUnkeptFields(form), [form]);
  const notice = draft.restored ? <DraftNotice restored={draft.restored} unkeptFields={unkeptFields} onStartAgain={startAgain} onDismiss={draft.dismiss} /> : null;
  const request = () => ({ variant: variant.id, locale, path: pathname, step: params.get('step') ?? '', values: draftValues(form, data, fixed) });
  const saveButton = <SaveForLater collection={service.collection} request={request} email={emailAnswer(form, data)} disabled={status === 'sending'} />;
  return { settled: draft.settled, notice, saveButton, guard };
}

/**
 * The browser's copy of a form's answers (localStorage, one entry per service and form variant), kept as
 * the applicant types so a reload, a closed tab or a return within the draft's days finds them again.
 * What goes in is decided by draftValues.ts (never a sensitive field or a file). A browser that refuses
 * storage (a private window that is full, storage switched off) keeps the copy in memory for this visit:
 * the resume page can still hand the answers to the form, and the leave guard knows they would be lost.
 */
import { contract } from '../../../generated/contract.ts';

export interface StoredDraft {
  /** When the answers were last written (ms since the epoch). */
  savedAt: number;
  values: Record<string, unknown>;
  /** 'link': put here by the resume page from a draft the server kept; 'browser': typed in this browser. */
  from: 'browser' | 'link';
}

const PREFIX = 'formwork.draft.';
const DAY_MS = 86_400_000;
const memory = new Map<string, string>();

export const draftKey = (collection: string, variant: string): string => `${PREFIX}${collection}.${variant}`;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // access refused (cookies and site data blocked)
  }
}

/** The stored text of a draft ('' for none): a stable value, as useSyncExternalStore compares snapshots. */
export function rawDraft(key: string): string {
  try {
    return storage()?.getItem(key) ?? memory.get(key) ?? '';
  } catch {
    return memory.get(key) ?? '';
  }
}

/** The draft in `raw`, or null when there is none, it does not parse, or it is older than a draft lasts. */
export function parseDraft(raw: string, now = Date.now()): StoredDraft | null {
  if (!raw) return null;
  try {
    const draft = JSON.parse(raw) as Partial<StoredDraft>;
    if (typeof draft.savedAt !== 'number' || !draft.values || typeof draft.values !== 'object' || Array.isArray(draft.values)) return null;
    if (now - draft.savedAt > contract.drafts.days * DAY_MS) return null;
    return { savedAt: draft.savedAt, values: draft.values, from: draft.from === 'link' ? 'link' : 'browser' };
  } catch {
    return null;
  }
}

/** Writes a draft; true when it is in the browser's storage, false when only in memory for this visit. */
export function writeDraft(key: string, draft: StoredDraft): boolean {
  const text = JSON.stringify(draft);
  try {
    const s = storage();
    if (s) {
      s.setItem(key, text);
      memory.delete(key);
      return true;
    }
  } catch {
    // quota exceeded, or storage refused: kept in memory below
  }
  memory.set(key, text);
  return false;
}

export function clearDraft(key: string): void {
  memory.delete(key);
  try {
    storage()?.removeItem(key);
  } catch {
    // nothing stored there
  }
}

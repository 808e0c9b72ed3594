/**
 * The draft of the service being edited, shared by every tab, the preview and the Save dialog: one value,
 * changed only by pure edits of the model (studio/model/), with undo/redo, and the generator's problems
 * for it, asked of the studio server 150 ms after the last edit (so typing a label runs one check, not one
 * per key).
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { ServiceDraft } from '../../model/document.ts';
import type { Problem } from '../../server/api.ts';
import { studioApi } from '../api.ts';
import { record, redo as redoStep, startHistory, undo as undoStep, type History } from './history.ts';
import { problemsUnder } from './problems.ts';

/** How long the draft must stay unchanged before it is checked. */
export const CHECK_DELAY_MS = 150;

export interface DraftContextValue {
  /** The service being edited. Never mutated: edits go through apply(). */
  draft: ServiceDraft;
  /** The draft as it is on disk; null for a new service not saved yet. */
  saved: ServiceDraft | null;
  /** Whether the draft differs from what is on disk. */
  dirty: boolean;
  /** Applies a pure edit and checks the result. An edit that returns its argument leaves no undo step;
   *  an edit that throws leaves the draft as it was and its message in `editError`. */
  apply(edit: (draft: ServiceDraft) => ServiceDraft): void;
  /** Why the last edit was refused, until the next edit succeeds. */
  editError: string | null;
  undo(): void;
  redo(): void;
  canUndo: boolean;
  canRedo: boolean;
  /** The generator's problems with the draft, from the last finished check. */
  problems: Problem[];
  /** True from an edit until its check has answered. */
  checking: boolean;
  /** Why the last check could not run (the server refused or is gone); null when it ran. */
  checkError: string | null;
  /** The problems of `file` whose pointer is `pointerPrefix` or lies under it ('' = the whole file). */
  problemsFor(file: string, pointerPrefix: string): Problem[];
  /** Records that `draft` is now what is on disk (after Save). */
  markSaved(draft: ServiceDraft): void;
}

const DraftContext = createContext<DraftContextValue | null>(null);

export function useDraft(): DraftContextValue {
  const value = useContext(DraftContext);
  if (!value) throw new Error('useDraft() is used outside a <DraftProvider>');
  return value;
}

/** Asks the generator about a draft; replaceable so a component test can answer without a server. */
export type Checker = (draft: ServiceDraft, signal: AbortSignal) => Promise<Problem[]>;
const serverCheck: Checker = async (draft, signal) => (await studioApi.check(draft, signal)).problems;

interface DraftProviderProps {
  draft: ServiceDraft;
  saved: ServiceDraft | null;
  /** The problems known at the start (a test's; the editor starts with none and checks at once). */
  problems?: Problem[];
  check?: Checker;
  children: ReactNode;
}

const sameContent = (a: ServiceDraft | null, b: ServiceDraft) => a !== null && (a === b || JSON.stringify(a) === JSON.stringify(b));

interface EditState {
  history: History<ServiceDraft>;
  editError: string | null;
}

/** The state after an edit: in one value, so an edit and its refusal never disagree. */
function edited(state: EditState, edit: (draft: ServiceDraft) => ServiceDraft): EditState {
  try {
    return { history: record(state.history, edit(state.history.present)), editError: null };
  } catch (error) {
    return { history: state.history, editError: error instanceof Error ? error.message : String(error) };
  }
}

/** What the last check found, and about which draft (checking = the draft shown is another). */
interface Checked {
  draft: ServiceDraft | null;
  problems: Problem[];
  error: string | null;
}

export function DraftProvider({ draft: initial, saved: initialSaved, problems: initialProblems, check = serverCheck, children }: DraftProviderProps) {
  const [state, setState] = useState<EditState>(() => ({ history: startHistory(initial), editError: null }));
  const [saved, setSaved] = useState(initialSaved);
  const [checked, setChecked] = useState<Checked>(() => ({ draft: initialProblems ? initial : null, problems: initialProblems ?? [], error: null }));
  const { history, editError } = state;
  const draft = history.present;

  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(() => {
      check(draft, controller.signal).then(
        (problems) => setChecked({ draft, problems, error: null }),
        (error: unknown) => {
          if (controller.signal.aborted) return;
          setChecked((last) => ({ draft, problems: last.problems, error: error instanceof Error ? error.message : String(error) }));
        },
      );
    }, CHECK_DELAY_MS);
    // A newer draft supersedes this check: its answer would be about a draft no longer shown.
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [draft, check]);

  const apply = useCallback((edit: (draft: ServiceDraft) => ServiceDraft) => setState((current) => edited(current, edit)), []);
  const undo = useCallback(() => setState((current) => ({ ...current, history: undoStep(current.history) })), []);
  const redo = useCallback(() => setState((current) => ({ ...current, history: redoStep(current.history) })), []);
  const { problems } = checked;
  const problemsFor = useCallback((file: string, pointerPrefix: string) => problemsUnder(problems, file, pointerPrefix), [problems]);
  const dirty = useMemo(() => !sameContent(saved, draft), [saved, draft]);
  const checking = checked.draft !== draft;

  const value = useMemo<DraftContextValue>(
    () => ({
      draft,
      saved,
      dirty,
      apply,
      editError,
      undo,
      redo,
      canUndo: history.past.length > 0,
      canRedo: history.future.length > 0,
      problems,
      checking,
      checkError: checked.error,
      problemsFor,
      markSaved: setSaved,
    }),
    [draft, saved, dirty, apply, editError, undo, redo, history.past.length, history.future.length, problems, checking, checked.error, problemsFor],
  );
  return <DraftContext.Provider value={value}>{children}</DraftContext.Provider>;
}

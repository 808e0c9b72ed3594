/**
 * The editor's undo history: the drafts before and after the present one. Pure, so the context holds one
 * value and every edit, undo and redo is a single state change (no half-applied step on a quick Ctrl+Z).
 */
export interface History<T> {
  past: T[];
  present: T;
  future: T[];
}

/** How many steps back Ctrl+Z reaches: drafts share their unchanged parts, so this is cheap. */
export const HISTORY_LIMIT = 200;

export const startHistory = <T>(present: T): History<T> => ({ past: [], present, future: [] });

/** The history after an edit: the new draft is the present, redo is no longer possible. An edit that
 *  returns the draft it was given changed nothing and leaves no undo step. */
export function record<T>(history: History<T>, next: T): History<T> {
  if (next === history.present) return history;
  const past = [...history.past, history.present];
  return { past: past.length > HISTORY_LIMIT ? past.slice(past.length - HISTORY_LIMIT) : past, present: next, future: [] };
}

export function undo<T>(history: History<T>): History<T> {
  const previous = history.past.at(-1);
  if (previous === undefined) return history;
  return { past: history.past.slice(0, -1), present: previous, future: [history.present, ...history.future] };
}

export function redo<T>(history: History<T>): History<T> {
  const [next, ...future] = history.future;
  if (next === undefined) return history;
  return { past: [...history.past, history.present], present: next, future };
}

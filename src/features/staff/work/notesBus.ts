/**
 * A reply sent from the composer is also an entry of the application's notes: the composer announces
 * it here, and the thread on the same page shows it at once (without loading the notes again).
 */
import type { NoteEntry } from './workApi.ts';

const listeners = new Set<(note: NoteEntry) => void>();

export function announceNote(note: NoteEntry): void {
  for (const listener of listeners) listener(note);
}

/** Calls `listener` for each entry announced until the returned function is called. */
export function onNote(listener: (note: NoteEntry) => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

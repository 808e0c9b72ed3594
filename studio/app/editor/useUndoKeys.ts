/**
 * Ctrl+Z (⌘Z) undoes the last edit of the draft, Ctrl+Shift+Z or Ctrl+Y redoes it — except while a text
 * box has the focus, where the keys keep their meaning for the text being typed.
 */
import { useEffect } from 'react';

const typesText = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || target instanceof HTMLTextAreaElement || (target instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit'].includes(target.type)));

/** Which history step a key press asks for, if any. */
export function undoKeyOf(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>): 'undo' | 'redo' | null {
  if (!(event.ctrlKey || event.metaKey) || event.altKey) return null;
  const key = event.key.toLowerCase();
  if (key === 'z') return event.shiftKey ? 'redo' : 'undo';
  if (key === 'y' && !event.shiftKey) return 'redo';
  return null;
}

export function useUndoKeys(undo: () => void, redo: () => void): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const step = undoKeyOf(event);
      if (!step || typesText(event.target)) return;
      event.preventDefault();
      (step === 'undo' ? undo : redo)();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [undo, redo]);
}

/**
 * What a visitor typed, chose or ticked in a prerendered form before its code took it over. React keeps
 * such an input's text when it hydrates it but reports no change (it reads the value it rendered), so the
 * form's state would not hold it, the next render would put the rendered value back, and what the
 * visitor entered would silently not be sent. Right after the form is taken over, each control that
 * differs from what was rendered is told to React as the change it was: the same event the browser
 * fires, with React's record of the last value set to the rendered one, so every field's own onChange
 * runs as if the visitor had just typed it (RJSF's conversions, the form's own handlers, the honeypot).
 */

type Setter = (this: HTMLElement, value: unknown) => void;

/** The browser's own setter of `property`, past the instance one React puts over it to note each value it sets. */
const nativeSetter = (element: HTMLElement, property: 'value' | 'checked'): Setter | undefined =>
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(element) as object, property)?.set as Setter | undefined;

/** Sets `property` through React's setter (it notes `rendered`), then the visitor's value back through the browser's. */
function markChanged(
  element: HTMLInputElement | HTMLTextAreaElement,
  property: 'value' | 'checked',
  rendered: string | boolean,
  current: string | boolean,
): boolean {
  const setter = nativeSetter(element, property);
  if (!setter) return false;
  (element as unknown as Record<string, unknown>)[property] = rendered;
  setter.call(element, current);
  return true;
}

const TEXT_LIKE = /^(?:text|email|tel|url|number|search|password|date|datetime-local|month|time|week)$/;

/** Where the visitor was typing when the form was taken over: the field, its text, the selection. */
export interface EarlyCaret {
  element: HTMLInputElement | HTMLTextAreaElement;
  value: string;
  start: number;
  end: number;
}

/**
 * Replays, inside `root`, each control whose state differs from what the page rendered. Returns their
 * ids, and the caret of the field being typed in: React's render of the change puts it at the end of the
 * text, and the caller puts it back after that render.
 */
export function replayEarlyInput(root: HTMLElement): { replayed: string[]; caret: EarlyCaret | null } {
  const replayed: string[] = [];
  let caret: EarlyCaret | null = null;
  const active = root.ownerDocument.activeElement;
  for (const element of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>('input, textarea, select')) {
    if (element.disabled) continue;
    if (element instanceof HTMLSelectElement) {
      // React hears a select's `change` as it is; the rendered choice is the option marked selected.
      if ([...element.options].some((option) => option.selected !== option.defaultSelected)) {
        element.dispatchEvent(new Event('change', { bubbles: true }));
        replayed.push(element.id);
      }
    } else if (element instanceof HTMLInputElement && (element.type === 'checkbox' || element.type === 'radio')) {
      // A radio group says its new choice through the one now checked; React hears both on `click`.
      const changed = element.type === 'checkbox' ? element.checked !== element.defaultChecked : element.checked && !element.defaultChecked;
      if (changed && markChanged(element, 'checked', !element.checked, element.checked)) {
        element.dispatchEvent(new Event('click', { bubbles: true })); // an Event, not a MouseEvent: nothing toggles
        replayed.push(element.id);
      }
    } else if (element instanceof HTMLTextAreaElement || TEXT_LIKE.test(element.type)) {
      if (element.value === element.defaultValue) continue;
      const { selectionStart, selectionEnd } =
        element instanceof HTMLTextAreaElement || /^(?:text|search|tel|url|password)$/.test(element.type)
          ? element
          : { selectionStart: null, selectionEnd: null };
      if (!markChanged(element, 'value', element.defaultValue, element.value)) continue;
      if (element === active && selectionStart !== null) caret = { element, value: element.value, start: selectionStart, end: selectionEnd ?? selectionStart };
      element.dispatchEvent(new Event('input', { bubbles: true }));
      replayed.push(element.id);
    }
  }
  return { replayed, caret };
}

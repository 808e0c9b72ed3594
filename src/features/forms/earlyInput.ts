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

/** Replays, inside `root`, each control whose state differs from what the page rendered; returns their ids. */
export function replayEarlyInput(root: HTMLElement): string[] {
  const replayed: string[] = [];
  const active = root.ownerDocument.activeElement;
  for (const element of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>('input, textarea, select')) {
    if (element.disabled) continue;
    if (element instanceof HTMLSelectElement) {
      // React hears a select's `change` as it is; the rendered choice is the option marked selected.
      if ([...element.options].some((option) => option.selected !== option.defaultSelected)) {
        element.dispatchEvent(new Event('change', { bubbles: true }));
        replayed.push(element.id);
      }
    } else if (element instanceof HTMLInputElement && element.type === 'file') {
      // Rendered with none; React hears a file input's `change` as it is.
      if (element.files?.length) {
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
      // Setting a value moves the caret to its end: where the visitor is typing, it goes back.
      if (element === active && selectionStart !== null) element.setSelectionRange(selectionStart, selectionEnd);
      element.dispatchEvent(new Event('input', { bubbles: true }));
      replayed.push(element.id);
    }
  }
  return replayed;
}

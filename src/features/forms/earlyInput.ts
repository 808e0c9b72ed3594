/**
 * What a visitor typed, chose or ticked in a prerendered form before its code took it over. React keeps
 * such an input's text when it hydrates it but reports no change (it reads the value it rendered), so the
 * form's state would not hold it, the next render would put the rendered value back, and what the
 * visitor entered would silently not be sent. Right after the form is taken over, each control that
 * differs from what was rendered is told to React as the change it was: the same event the browser
 * fires, with React's record of the last value set to the rendered one, so every field's own onChange
 * runs as if the visitor had just typed it (RJSF's conversions, the form's own handlers, the honeypot).
 * If React renders the form afresh instead of taking it over (something changed its HTML: an extension),
 * what was read as the code arrived (noteEarlyInput) is handed to the new inputs the same way. A file
 * chosen early (earlyFilePick.ts) is handed over as its `change`, which React hears as it is.
 */
import { PICKER_OF, pickerInput } from '../../engine/files.ts';

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

/** What the visitor gave a control: text, a choice, a tick, or files. */
type EarlyState = { kind: 'text'; value: string } | { kind: 'select'; value: string } | { kind: 'check'; checked: boolean } | { kind: 'file'; files: File[] };

/** The controls of a form that differ from what the page rendered, by key (controlKey), and the caret of the one being typed in. */
export interface EarlyInput {
  states: Map<string, EarlyState>;
  caret: { key: string; start: number; end: number } | null;
}

/** Where the visitor was typing: the field, its text, the selection (put back after React's render). */
export interface EarlyCaret {
  element: HTMLInputElement | HTMLTextAreaElement;
  value: string;
  start: number;
  end: number;
}

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
const controls = (root: ParentNode) => root.querySelectorAll<Control>('input, textarea, select');
const isCheck = (element: Control): element is HTMLInputElement => element instanceof HTMLInputElement && (element.type === 'checkbox' || element.type === 'radio');
const isFile = (element: Control): element is HTMLInputElement => element instanceof HTMLInputElement && element.type === 'file';
const isText = (element: Control): element is HTMLInputElement | HTMLTextAreaElement =>
  element instanceof HTMLTextAreaElement || (element instanceof HTMLInputElement && TEXT_LIKE.test(element.type));
/**
 * How a control is found again: its id, else its name (the honeypot has only a name; a bot's entry in it
 * before the code came must still reach the server), a file field's hidden input by the picker that opens
 * it. A radio without an id shares its name: not keyed.
 */
function controlKey(element: Control): string | null {
  if (element.id) return `#${element.id}`;
  if (isFile(element)) {
    const picker = element.getAttribute(PICKER_OF);
    return picker ? `^${picker}` : null;
  }
  if (element.name && !(element instanceof HTMLInputElement && element.type === 'radio')) return `@${element.name}`;
  return null;
}
/** Each kind of key's look-up, by its first character (controlKey). */
const FIND: Record<string, (root: HTMLElement, name: string) => Element | null> = {
  '#': (root, id) => root.ownerDocument.getElementById(id),
  '@': (root, name) => root.querySelector(`[name="${CSS.escape(name)}"]`),
  '^': pickerInput,
};
function findControl(root: HTMLElement, key: string): Control | null {
  const found = FIND[key.charAt(0)]?.(root, key.slice(1)) ?? null;
  return found && root.contains(found) ? (found as Control) : null;
}
const hasCaret = (element: HTMLInputElement | HTMLTextAreaElement) => element instanceof HTMLTextAreaElement || /^(?:text|search|tel|url|password)$/.test(element.type);

/** Reads, inside `root`, each control whose state differs from what the page rendered. */
export function readEarlyInput(root: ParentNode): EarlyInput {
  const states = new Map<string, EarlyState>();
  let caret: EarlyInput['caret'] = null;
  const active = (root as Node).ownerDocument?.activeElement ?? null;
  for (const element of controls(root)) {
    const key = controlKey(element);
    if (element.disabled || !key) continue;
    if (element instanceof HTMLSelectElement) {
      // The rendered choice is the option marked selected.
      if ([...element.options].some((option) => option.selected !== option.defaultSelected)) states.set(key, { kind: 'select', value: element.value });
    } else if (isCheck(element)) {
      // A radio group says its new choice through the one now checked.
      const changed = element.type === 'checkbox' ? element.checked !== element.defaultChecked : element.checked && !element.defaultChecked;
      if (changed) states.set(key, { kind: 'check', checked: element.checked });
    } else if (isFile(element)) {
      if (element.files && element.files.length > 0) states.set(key, { kind: 'file', files: [...element.files] });
    } else if (isText(element) && element.value !== element.defaultValue) {
      states.set(key, { kind: 'text', value: element.value });
      if (element === active && hasCaret(element) && element.selectionStart !== null)
        caret = { key, start: element.selectionStart, end: element.selectionEnd ?? element.selectionStart };
    }
  }
  return { states, caret };
}

/**
 * Tells React, inside `root`, each control's state in `early` as the change it was (by default, what
 * differs in `root` itself from what was rendered: a form React has taken over keeps what was typed). For
 * a form React rendered afresh, `early` is what was read before (earlyInputOf). Returns the caret of the
 * field being typed in: React's render of the change puts it at the end, the caller puts it back after.
 */
export function replayEarlyInput(root: HTMLElement, early: EarlyInput = readEarlyInput(root)): EarlyCaret | null {
  let caret: EarlyCaret | null = null;
  for (const [key, state] of early.states) {
    const element = findControl(root, key);
    if (!element || element.disabled) continue;
    if (state.kind === 'select' && element instanceof HTMLSelectElement) {
      element.value = state.value; // React hears a select's `change` as it is
      element.dispatchEvent(new Event('change', { bubbles: true }));
    } else if (state.kind === 'check' && isCheck(element)) {
      if (markChanged(element, 'checked', !state.checked, state.checked)) element.dispatchEvent(new Event('click', { bubbles: true })); // an Event, not a MouseEvent: nothing toggles
    } else if (state.kind === 'file' && isFile(element)) {
      // A form rendered afresh has new, empty inputs: the files go into the new one first.
      const held = [...(element.files ?? [])];
      if (held.length !== state.files.length || held.some((file, i) => file !== state.files[i])) {
        const transfer = new DataTransfer();
        for (const file of state.files) transfer.items.add(file);
        element.files = transfer.files;
      }
      element.dispatchEvent(new Event('change', { bubbles: true }));
    } else if (state.kind === 'text' && isText(element) && markChanged(element, 'value', element.defaultValue, state.value)) {
      if (early.caret?.key === key) {
        // A form rendered afresh lost the focus with its elements: the field being typed in gets it back.
        if (root.ownerDocument.activeElement !== element && root.ownerDocument.activeElement === root.ownerDocument.body) element.focus();
        caret = { element, value: state.value, start: early.caret.start, end: early.caret.end };
      }
      element.dispatchEvent(new Event('input', { bubbles: true }));
    }
  }
  return caret;
}

/** Read when the form's code came, before React took the form over: for a form it then had to render afresh. */
let beforeTakeOver: { path: string; early: EarlyInput } | null = null;

/** Reads the early input of the prerendered form waiting for its code, if one is (formCode.ts, as the code arrives). */
export function noteEarlyInput(document: Document): void {
  const waiting = document.querySelector('[data-awaiting-code]');
  beforeTakeOver = waiting ? { path: document.location.pathname, early: readEarlyInput(waiting) } : null;
}

/** What noteEarlyInput read for the form at `path`, once: the first form to ask takes it, later ones get nothing. */
export function earlyInputOf(path: string): EarlyInput | null {
  const noted = beforeTakeOver;
  beforeTakeOver = null;
  return noted && noted.path === path && noted.early.states.size > 0 ? noted.early : null;
}

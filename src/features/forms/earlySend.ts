/**
 * The send of a prerendered form pressed before the form's code has come (formCode.ts). The button is
 * not disabled meanwhile, so a keyboard user tabbing through the form reaches it rather than skipping
 * it; but the browser must not send the HTML form itself (a GET with every answer, an SSN too, in the
 * address), so its submit is stopped here, in the page's own code, and a press of the send is kept for
 * the form to carry out once it has taken over (ApplicationForm), unless the visitor changed a field
 * after it. Enter in a field, which the browser also turns into a submit, does nothing until then, as
 * before the page was React's. While a press waits, a status says so (seen, and heard by screen readers),
 * in the text the form gave its frame (`data-send-waiting`).
 */

/** The address whose form's send was pressed before its code, until that form takes it. */
let pressedAt: string | null = null;
/** Set while a key press of Enter in a field of a waiting form is being handled (the browser submits within it). */
let enterInField = false;

const waitingForm = (target: EventTarget | null): HTMLFormElement | null =>
  target instanceof Element ? (target.closest('[data-awaiting-code] form') as HTMLFormElement | null) : null;
const isField = (target: EventTarget | null): boolean => target instanceof HTMLInputElement || target instanceof HTMLSelectElement;

/** The status of a waiting press: outside the page React renders (#root), which it must not change. */
const STATUS_ID = 'formwork-send-waiting';

function showWaiting(form: HTMLFormElement): void {
  const text = form.closest('[data-send-waiting]')?.getAttribute('data-send-waiting');
  const document = form.ownerDocument;
  if (!text || document.getElementById(STATUS_ID)) return;
  const status = document.createElement('div');
  status.id = STATUS_ID;
  status.className = 'formwork-send-waiting';
  status.setAttribute('role', 'status');
  document.body.append(status);
  // Filled after it is in the page: a live region announces a change, not what it held when it came.
  setTimeout(() => {
    if (status.isConnected) status.textContent = text;
  }, 50);
}

const hideWaiting = (document: Document) => document.getElementById(STATUS_ID)?.remove();

function onKeyDown(event: KeyboardEvent): void {
  if (event.key !== 'Enter' || !isField(event.target) || !waitingForm(event.target)) return;
  enterInField = true;
  setTimeout(() => (enterInField = false), 0);
}

function onSubmit(event: Event): void {
  const form = waitingForm(event.target); // a submit's target is the form itself
  if (!form) return;
  event.preventDefault();
  // Any other submit is a press of the send: a click, Enter or Space on it, or a screen reader's press,
  // which may leave the focus in the field the visitor was in.
  if (enterInField) return;
  pressedAt = form.ownerDocument.location.pathname;
  showWaiting(form);
}

/**
 * An edit after the press: the visitor is still at it, and presses again when done. A text field's
 * `change` is not one (it comes when the field loses the focus, for an edit made before); a choice's is.
 */
function onEdit(event: Event): void {
  if (pressedAt === null || !waitingForm(event.target)) return;
  const text = event.target instanceof HTMLTextAreaElement || (event.target instanceof HTMLInputElement && !/^(?:checkbox|radio|file)$/.test(event.target.type));
  if (event.type !== 'input' && text) return;
  pressedAt = null;
  hideWaiting((event.target as Element).ownerDocument);
}

/** Stops, in `document`, the browser's own submit of a form waiting for its code, noting a press of its send. */
export function watchEarlySend(document: Document): void {
  const capture = { capture: true };
  document.addEventListener('keydown', onKeyDown, capture);
  document.addEventListener('submit', onSubmit, capture);
  document.addEventListener('input', onEdit, capture);
  document.addEventListener('change', onEdit, capture);
}

/** Forgets a press waiting for its form's code (the visitor left the page), and its status with it. */
export function forgetEarlySend(): void {
  pressedAt = null;
  if (typeof document !== 'undefined') hideWaiting(document);
}

/** Whether the send of the form at `path` was pressed (and not edited after) before its code came; once: the form that asks takes it. */
export function takeEarlySend(path: string): boolean {
  const pressed = pressedAt === path;
  forgetEarlySend();
  return pressed;
}

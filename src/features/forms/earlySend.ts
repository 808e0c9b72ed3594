/**
 * The send of a prerendered form pressed before the form's code has come (formCode.ts). The button is
 * not disabled meanwhile, so a keyboard user tabbing through the form reaches it rather than skipping
 * it; but the browser must not send the HTML form itself (a GET with every answer, an SSN too, in the
 * address), so its submit is stopped here, in the page's own code, and a press of the send is kept for
 * the form to carry out once it has taken over (ApplicationForm). Enter in a field, which the browser
 * also turns into a submit, does nothing until then, as before the page was React's.
 */

/** The address whose form's send was pressed before its code, until that form takes it. */
let pressedAt: string | null = null;

const isField = (element: Element | null, form: HTMLFormElement): boolean =>
  !!element && form.contains(element) && (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement);

function onSubmit(event: Event): void {
  const form = event.target;
  if (!(form instanceof HTMLFormElement) || !form.closest('[data-awaiting-code]')) return;
  event.preventDefault();
  // A submit while a field has the focus is Enter in it; otherwise the send was pressed (a click, or
  // Enter or Space on the focused button; Safari does not focus a clicked button).
  if (!isField(form.ownerDocument.activeElement, form)) pressedAt = form.ownerDocument.location.pathname;
}

/** Stops, in `document`, the browser's own submit of a form waiting for its code, noting a press of its send. */
export function watchEarlySend(document: Document): void {
  document.addEventListener('submit', onSubmit, { capture: true });
}

/** Whether the send of the form at `path` was pressed before its code came; once: the form that asks takes it. */
export function takeEarlySend(path: string): boolean {
  const pressed = pressedAt === path;
  pressedAt = null;
  return pressed;
}

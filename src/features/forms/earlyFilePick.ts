/**
 * The file picker of a prerendered form pressed before the form's code has come (formCode.ts). The
 * picker is a button the form's code runs, but the file chooser it opens is the browser's own: the page's
 * code opens it from the press (which the browser requires to come from the visitor), so a file can be
 * chosen at once. The chosen file stays in the hidden `<input type=file>` until the form has taken over,
 * which hands it to the field as the change it was (earlyInput.ts).
 */
import { pickerInput } from '../../engine/files.ts';

function onClick(event: MouseEvent): void {
  const button = event.target instanceof Element ? event.target.closest('[data-awaiting-code] form button[id]') : null;
  if (!button) return;
  const input = pickerInput(button.ownerDocument, button.id);
  if (!input || input.disabled) return;
  input.click();
  // Not on to React: if the form's code has come meanwhile, React would take the form over within this
  // click and hand it to the picker's own handler, which would ask for a second chooser.
  event.stopPropagation();
}

/** Opens, in `document`, the file chooser of a picker pressed while its form waits for its code. */
export function watchEarlyFilePicks(document: Document): void {
  document.addEventListener('click', onClick, { capture: true });
}

/**
 * Files dragged onto a page with a form. A browser opens a file dropped anywhere on a page in place of
 * the page, and what the visitor had typed would be gone; here a drop never leaves the page. A file
 * dropped on a file field (its wrapper: label, button, texts) is chosen for it: it goes into the field's
 * hidden `<input type=file>` with the `change` the browser's chooser would fire, so the field takes it as
 * if picked there (its type and size checked as always). Set up by the form while it is on screen
 * (ApplicationForm).
 */
import { DROP_ZONE_OF, pickerInput } from '../../engine/files.ts';

const DRAGGING = 'data-dragging';

const carriesFiles = (event: DragEvent) => !!event.dataTransfer && [...event.dataTransfer.types].includes('Files');
const zoneOf = (target: EventTarget | null): Element | null => (target instanceof Element ? target.closest(`[${DROP_ZONE_OF}]`) : null);
/** The hidden input of the field `zone` belongs to, unless the field is disabled (its button, as sending makes it). */
function pickerOf(zone: Element): HTMLInputElement | null {
  const id = zone.getAttribute(DROP_ZONE_OF) ?? '';
  const input = pickerInput(zone.ownerDocument, id);
  return input && !input.disabled && !zone.ownerDocument.getElementById(id)?.matches(':disabled') ? input : null;
}
/** The document a listener below is set on. */
const documentOf = (event: Event): Document => event.currentTarget as Document;
function markDragging(document: Document, zone: Element | null): void {
  for (const marked of document.querySelectorAll(`[${DRAGGING}]`)) if (marked !== zone) marked.removeAttribute(DRAGGING);
  zone?.setAttribute(DRAGGING, '');
}

function onDragOver(event: DragEvent): void {
  if (!carriesFiles(event)) return;
  event.preventDefault(); // the drop comes here, not to the browser
  const zone = zoneOf(event.target);
  const droppable = !!zone && !!pickerOf(zone);
  event.dataTransfer!.dropEffect = droppable ? 'copy' : 'none';
  markDragging(documentOf(event), droppable ? zone : null);
}

function onDragLeave(event: DragEvent): void {
  // Leaving the window (no element to go to): no field is a target any more.
  if (event.relatedTarget === null) markDragging(documentOf(event), null);
}

function onDrop(event: DragEvent): void {
  if (!carriesFiles(event)) return;
  event.preventDefault();
  markDragging(documentOf(event), null);
  const zone = zoneOf(event.target);
  const input = zone && pickerOf(zone);
  const files = event.dataTransfer?.files;
  if (!input || !files || files.length === 0) return;
  // All of them (the field says so if it takes one only: FileWidget), copied: the drop's own list may be
  // emptied by the browser once the event is over.
  const transfer = new DataTransfer();
  for (const file of files) transfer.items.add(file);
  input.files = transfer.files;
  input.dispatchEvent(new Event('change', { bubbles: true }));
}

/**
 * Keeps, in `document`, every dropped file from replacing the page, and gives what is dropped on a file
 * field to it; returns what stops that.
 */
export function watchFileDrops(document: Document): () => void {
  // Captured: heard before any handler in the page could stop the event on its way.
  const capture = { capture: true };
  const listeners = [
    ['dragover', onDragOver],
    ['dragleave', onDragLeave],
    ['drop', onDrop],
  ] as const;
  for (const [type, listener] of listeners) document.addEventListener(type, listener, capture);
  return () => {
    for (const [type, listener] of listeners) document.removeEventListener(type, listener, capture);
  };
}

/**
 * Work that can wait for the visitor: started at their first focus, tap or key anywhere in the page,
 * so it costs nothing while the page loads and is usually done before it is needed (the form's proof
 * of work, the code of a confirmation dialog).
 */
const ENGAGING = ['focusin', 'pointerdown', 'keydown'] as const;

/** Runs `task` once, at the visitor's first focus, tap or key anywhere in the page; returns a cancel. */
export function whenEngaged(task: () => void, target: Pick<Document, 'addEventListener' | 'removeEventListener'> = document): () => void {
  const capture = { capture: true }; // an object, not `true`: Node's EventTarget ignores a boolean when removing
  const cancel = () => ENGAGING.forEach((type) => target.removeEventListener(type, run, capture));
  function run() {
    cancel();
    task();
  }
  ENGAGING.forEach((type) => target.addEventListener(type, run, capture));
  return cancel;
}

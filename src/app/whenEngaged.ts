/**
 * Work that can wait for the visitor: started at their first focus, tap or key anywhere in the page,
 * so it costs nothing while the page loads and is usually done before it is needed (the form's proof
 * of work, the code of a confirmation dialog).
 */
const ENGAGING = ['focusin', 'pointerdown', 'keydown'] as const;

/** Set while the page itself moves the focus (focus events fire inside focus()): that is not the visitor. */
let focusingByScript = false;

/** Focuses `element` for the visitor (a new screen's heading, RouteFocus.tsx) without it counting as their first focus. */
export function focusQuietly(element: HTMLElement, options?: FocusOptions): void {
  focusingByScript = true;
  try {
    element.focus(options);
  } finally {
    focusingByScript = false;
  }
}

/** Runs `task` once, at the visitor's first focus, tap or key anywhere in the page; returns a cancel. */
export function whenEngaged(task: () => void, target: Pick<Document, 'addEventListener' | 'removeEventListener'> = document): () => void {
  const capture = { capture: true }; // an object, not `true`: Node's EventTarget ignores a boolean when removing
  const cancel = () => ENGAGING.forEach((type) => target.removeEventListener(type, run, capture));
  function run(event: Event) {
    if (event.type === 'focusin' && focusingByScript) return;
    cancel();
    task();
  }
  ENGAGING.forEach((type) => target.addEventListener(type, run, capture));
  return cancel;
}

/**
 * Work that can wait for the visitor: started at their first focus, tap or key anywhere in the page (or
 * a file dropped on it, which may come before any of those), so it costs nothing while the page loads
 * and is usually done before it is needed (the form's code on a prerendered page, the form's proof of
 * work, the code of a confirmation dialog).
 */
const ENGAGING = ['focusin', 'pointerdown', 'keydown', 'drop'] as const;

type Target = Pick<Document, 'addEventListener' | 'removeEventListener'>;

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

/** Pages whose visitor has engaged, watched from watchEngagement or an earlier whenEngaged. */
const engaged = new WeakSet<object>();

/**
 * Runs `task` once, at the visitor's next focus, tap or key anywhere in the page (so work for a screen
 * waits for the visitor to act on that screen); returns a cancel.
 */
export function whenEngaged(task: () => void, target: Target = document): () => void {
  const capture = { capture: true }; // an object, not `true`: Node's EventTarget ignores a boolean when removing
  const cancel = () => ENGAGING.forEach((type) => target.removeEventListener(type, run, capture));
  function run(event: Event) {
    if (event.type === 'focusin' && focusingByScript) return;
    cancel();
    engaged.add(target);
    task();
  }
  ENGAGING.forEach((type) => target.addEventListener(type, run, capture));
  return cancel;
}

/** Notes the visitor's first engagement with `target` from now on (the browser's page: from when this module loads). */
export function watchEngagement(target: Target): void {
  if (!engaged.has(target)) whenEngaged(() => {}, target);
}
if (typeof document !== 'undefined') watchEngagement(document);

/**
 * Runs `task` at once if the visitor has engaged with the page already (since watchEngagement), else as
 * whenEngaged: for work of code that itself came with that engagement (the form's, which then starts its
 * proof of work), which would otherwise wait for a second one.
 */
export function whenEngagedSoFar(task: () => void, target: Target = document): () => void {
  if (!engaged.has(target)) return whenEngaged(task, target);
  task();
  return () => {};
}

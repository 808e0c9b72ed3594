/**
 * The applicant form's own code: RJSF, the form theme's widgets, validation and the submission. A form's
 * page is usable without it until the visitor starts on it (its prerendered HTML takes text, choices and
 * ticks natively, and ApplicationForm takes them over when it arrives: earlyInput.ts), so a prerendered
 * form page loads it at the visitor's first focus, tap or key (app/routes.tsx `onUse`) and its first load
 * carries only the page. Not imported by ServiceFormPage: that would put it back into the page's code.
 */
import { lazyScreen } from '../../app/lazyScreen.ts';
import type { ApplicationFormProps } from './ApplicationForm.tsx';
import { watchEarlyFilePicks } from './earlyFilePick.ts';
import { watchEarlySend } from './earlySend.ts';
import { watchFileDrops } from './fileDrop.ts';

// From the page's first script on: the send of a form waiting for its code is kept for it, never done by
// the browser, its file pickers open the browser's chooser, and a file dropped on a field is chosen for it.
if (typeof document !== 'undefined') {
  watchEarlySend(document);
  watchEarlyFilePicks(document);
  watchFileDrops(document);
}

export const formCode = lazyScreen<ApplicationFormProps>(() =>
  import('./ApplicationForm.tsx').then((m) => {
    // As it comes, before React takes the form over: what was entered so far, in case React has to render it afresh.
    if (typeof document !== 'undefined') m.noteEarlyInput(document);
    return { default: m.ApplicationForm };
  }),
);

/**
 * A field no person fills: rendered off-screen, hidden from assistive technology and out of the tab
 * order, in every form. Bots that fill every input fill it too, and the server refuses the
 * submission (pb_hooks/lib/submission.js). No form may use this name for a real field.
 */
export const HONEYPOT_FIELD = 'homepage';

/**
 * What a form hands its success blocks through router state (src/features/forms/useSubmission.ts), from
 * the server's acknowledgement (pb_hooks/lib/submission.js): the reference the applicant quotes, what
 * comes next (the private application page, the last day to cancel, whether an e-mail is on its way) and
 * the payment: the checkout link, and whether the browser blocked the window we opened for it (then the
 * page offers a "Continue to payment" link). A reload has no state: the page shows its texts without
 * these, never a reference or a deadline it does not know.
 */
export interface SuccessState {
  /** The application's short reference ("CR-7K3M9QXA"). */
  reference: string;
  /** An e-mail to the applicant was queued with the application. */
  mailed: boolean;
  /** The applicant's private page of the application (with its token), for services that have one. */
  applicationUrl?: string;
  /** The last day (YYYY-MM-DD) the applicant may cancel, ending at midnight in `timeZone` (IANA). */
  cancelUntil?: { day: string; timeZone: string };
  /** The provider's hosted checkout the application was offered now. */
  checkoutUrl?: string;
  /** The payment window was opened with the click and now shows the checkout. */
  checkoutOpened?: boolean;
  /** The browser blocked the window the click tried to open. */
  popupBlocked?: boolean;
}

/** The server's answer to a submit, as far as the success page uses it. */
export interface Acknowledgement {
  reference?: unknown;
  mailed?: unknown;
  checkoutUrl?: unknown;
  applicationUrl?: unknown;
  cancelUntil?: unknown;
}

const REFERENCE = /^[A-Z]{2,4}-[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const ZONE = /^[A-Za-z_]+(\/[A-Za-z_+-]+)*$/;
const web = (v: unknown): v is string => typeof v === 'string' && /^https?:\/\//.test(v);

function cancelUntilOf(v: unknown): SuccessState['cancelUntil'] {
  const c = v as { day?: unknown; timeZone?: unknown } | null;
  if (!c || typeof c !== 'object' || typeof c.day !== 'string' || typeof c.timeZone !== 'string') return undefined;
  return DAY.test(c.day) && ZONE.test(c.timeZone) ? { day: c.day, timeZone: c.timeZone } : undefined;
}

/**
 * The success state of an answer and of the payment window (`tried`: the click opened one; `opened`: it
 * shows the checkout now); null when the answer names no reference (an
 * older server's, or not ours). Only https checkout links are followed.
 */
export function successStateOf(body: unknown, window: { tried: boolean; opened: boolean }): SuccessState | null {
  const ack = (body ?? {}) as Acknowledgement;
  if (typeof ack.reference !== 'string' || !REFERENCE.test(ack.reference)) return null;
  const state: SuccessState = { reference: ack.reference, mailed: ack.mailed === true };
  if (web(ack.applicationUrl)) state.applicationUrl = ack.applicationUrl;
  const until = cancelUntilOf(ack.cancelUntil);
  if (until) state.cancelUntil = until;
  if (typeof ack.checkoutUrl === 'string' && ack.checkoutUrl.startsWith('https://')) {
    state.checkoutUrl = ack.checkoutUrl;
    state.checkoutOpened = window.opened;
    state.popupBlocked = window.tried && !window.opened;
  }
  return state;
}

/** Router state is whatever history holds (a reload, another tab's entry): read it defensively. */
export function readSuccessState(state: unknown): SuccessState | null {
  const s = state as Partial<SuccessState> | null;
  if (!s || typeof s !== 'object' || typeof s.reference !== 'string' || !REFERENCE.test(s.reference)) return null;
  const out: SuccessState = { reference: s.reference, mailed: s.mailed === true };
  if (web(s.applicationUrl)) out.applicationUrl = s.applicationUrl;
  const until = cancelUntilOf(s.cancelUntil);
  if (until) out.cancelUntil = until;
  if (typeof s.checkoutUrl === 'string' && /^https?:\/\//.test(s.checkoutUrl)) {
    out.checkoutUrl = s.checkoutUrl;
    out.checkoutOpened = s.checkoutOpened === true;
    out.popupBlocked = s.popupBlocked === true;
  }
  return out;
}

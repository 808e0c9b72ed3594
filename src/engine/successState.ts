/**
 * What a form hands the success page through router state: where the payment is, and whether the
 * browser blocked the window we opened for it (then the page offers a "Continue to payment" link).
 */
export interface SuccessState {
  checkoutUrl: string;
  popupBlocked: boolean;
}

/** Router state is whatever history holds (a reload, another tab's entry): read it defensively. */
export function readSuccessState(state: unknown): SuccessState | null {
  const s = state as Partial<SuccessState> | null;
  if (!s || typeof s !== 'object' || typeof s.checkoutUrl !== 'string' || !/^https?:\/\//.test(s.checkoutUrl)) return null;
  return { checkoutUrl: s.checkoutUrl, popupBlocked: s.popupBlocked === true };
}

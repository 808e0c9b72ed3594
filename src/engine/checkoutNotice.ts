/**
 * What a form says about payment beside its submit button, so the applicant knows before pressing it
 * whether a payment window opens, for how much, or that nothing is charged now. Pure (features/forms/
 * PriceSummary.tsx renders it): the message key and its values.
 */
import type { ServiceEntry } from './types.ts';

/** useCheckoutOffer's answer (features/forms/checkout.ts): null while the server has not said. */
export interface Offer {
  opens: boolean;
  amount: number | null;
}

export type CheckoutNotice =
  | { id: 'checkout.notice.opens'; amount: number }
  | { id: 'checkout.notice.opensFee' }
  | { id: 'checkout.notice.afterService' }
  | { id: 'checkout.notice.afterCancellation' };

/**
 * A service paid later says plainly that nothing is charged now, and when payment comes. A service paid
 * upfront says so only once the server has said its checkout opens (a form whose checkout is not
 * configured opens no window, so it promises none): with the amount where the form has one, else that
 * the provider's page shows the fee. Nothing while the answer is unknown, or for a service that takes no
 * payment.
 */
export function checkoutNotice(service: Pick<ServiceEntry, 'payments' | 'payment'>, offer: Offer | null): CheckoutNotice | null {
  if (!service.payments) return null;
  if (service.payment === 'after-service') return { id: 'checkout.notice.afterService' };
  if (service.payment === 'after-cancellation') return { id: 'checkout.notice.afterCancellation' };
  if (!offer?.opens) return null;
  return offer.amount === null ? { id: 'checkout.notice.opensFee' } : { id: 'checkout.notice.opens', amount: offer.amount };
}

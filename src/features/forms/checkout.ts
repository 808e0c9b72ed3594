/**
 * The provider's hosted checkout as a form sees it before and after the submit.
 *
 * Before: whether this submit will open the checkout at all (useCheckoutOffer). Only the server knows:
 * a link is configured by its environment, and a schema's placeholder (under the reserved `.invalid`
 * domain) is not a checkout (pb_hooks/lib/payments.js). A form asks once, when it shows; until the
 * answer is in, no window is opened, and a paid application then offers its link on the success page.
 *
 * After: the payment window. It must be opened inside the submit click (a user gesture, so popup
 * blockers allow it), before the save has even started, and is pointed at the checkout only once the
 * save succeeded. A failed save closes it again.
 */
import { useEffect, useState } from 'react';
import type { FormVariant, ServiceEntry } from '../../engine/types.ts';
import { registry } from '../../generated/registry.ts';

export interface CheckoutOffer {
  /** This submit opens the provider's hosted checkout now (a service paid upfront with a configured link). */
  opens: boolean;
  /** USD the form's listing names (service.json forms[].listing.price), or null when it names none. */
  amount: number | null;
}

/** The server's answer about one form's checkout (pb_hooks/payments.pb.js). */
export const checkoutOfferUrl = (collection: string, variant: string): string =>
  `/api/formwork/checkout-offer/${encodeURIComponent(collection)}/${encodeURIComponent(variant)}`;

/**
 * What the form's listing says it costs: this form's price, else the price of the service's other listed
 * form (a service's forms share their fee: the self-service credit repair is the full one's), else null.
 */
export function listedAmount(service: ServiceEntry, variant: FormVariant): number | null {
  const listed = registry.listing.filter((l) => l.service === service.id && l.price !== undefined);
  return (listed.find((l) => l.form === variant.id) ?? listed[0])?.price ?? null;
}

/** Whether an answer is the server's offer ({ opens: boolean }). */
const isOffer = (body: unknown): body is { opens: boolean } => !!body && typeof body === 'object' && typeof (body as { opens?: unknown }).opens === 'boolean';

/**
 * Answers asked for in this page's life, by collection and variant (the price summary and the submit ask
 * for the same form: one request): the configuration does not change under a visitor. A failed ask is
 * forgotten, so the next form shown asks again.
 */
const asked = new Map<string, Promise<boolean | null>>();
const settled = new Map<string, boolean>();

function ask(collection: string, variant: string): Promise<boolean | null> {
  const key = `${collection}/${variant}`;
  let answer = asked.get(key);
  if (!answer) {
    answer = fetch(checkoutOfferUrl(collection, variant), { cache: 'no-store' })
      .then((res) => (res.ok ? res.json() : null))
      .then((body: unknown) => (isOffer(body) ? body.opens : null))
      .catch(() => null) // offline: unknown, so no window; the success page offers the link the server gives
      .then((opens) => {
        if (opens === null) asked.delete(key);
        else settled.set(key, opens);
        return opens;
      });
    asked.set(key, answer);
  }
  return answer;
}

/**
 * Whether submitting `variant` opens the provider's checkout now, and the amount the form names; null
 * while unknown (the answer is on its way, or the server could not be asked). A service that takes no
 * payment upfront never opens one, which needs no request.
 */
export function useCheckoutOffer(service: ServiceEntry, variant: FormVariant): CheckoutOffer | null {
  const key = `${service.collection}/${variant.id}`;
  const asks = service.payments && service.payment === 'upfront' && !!variant.checkout;
  const amount = listedAmount(service, variant);
  // The answer for this form once it is in (a form shown again later has it from `settled` at once).
  const [answered, setAnswered] = useState<{ key: string; opens: boolean } | null>(null);
  useEffect(() => {
    if (!asks || settled.has(key)) return;
    let live = true;
    void ask(service.collection, variant.id).then((opens) => {
      if (live && opens !== null) setAnswered({ key, opens });
    });
    return () => {
      live = false;
    };
  }, [asks, key, service.collection, variant.id]);
  const opens = !asks ? false : (settled.get(key) ?? (answered?.key === key ? answered.opens : null));
  return opens === null ? null : { opens, amount };
}

export function openCheckoutWindow(): Window | null {
  try {
    return window.open('', '_blank');
  } catch {
    return null; // some blockers throw instead of returning null
  }
}

export function sendToCheckout(win: Window, url: string): void {
  win.opener = null; // the payment page gets no handle on ours (what rel=noopener does for links)
  win.location.href = url;
}

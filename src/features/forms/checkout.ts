/**
 * The payment window. It must be opened inside the submit click (a user gesture, so popup blockers
 * allow it), before the save has even started, and is pointed at the checkout only once the save
 * succeeded. A failed save closes it again.
 */
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

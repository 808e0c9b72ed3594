/**
 * Stripe's Connect.js, loaded once from Stripe (it must not be bundled or self-hosted). What the
 * page needs of it, typed; and why it failed, as a message key the page can show in any language.
 */
export const CONNECT_JS_URL = 'https://connect-js.stripe.com/v1.0/connect.js';

export interface ConnectInstance {
  create: (component: string) => HTMLElement;
}

interface StripeConnectGlobal {
  init: (options: { publishableKey: string; fetchClientSecret: () => Promise<string> }) => ConnectInstance;
}

export class ConnectError extends Error {
  constructor(readonly messageKey: string) {
    super(messageKey);
  }
}

let loading: Promise<StripeConnectGlobal> | null = null;

export function loadConnectJs(): Promise<StripeConnectGlobal> {
  loading ??= new Promise<StripeConnectGlobal>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = CONNECT_JS_URL;
    script.async = true;
    script.onload = () => {
      const global = (window as unknown as { StripeConnect?: Partial<StripeConnectGlobal> }).StripeConnect;
      if (global && typeof global.init === 'function') resolve(global as StripeConnectGlobal);
      else reject(new ConnectError('connect.scriptIncomplete'));
    };
    script.onerror = () => reject(new ConnectError('connect.scriptFailed'));
    document.head.appendChild(script);
  }).catch((err: unknown) => {
    loading = null; // a later visit may try again
    throw err;
  });
  return loading;
}

/** The expiry and signature of the link staff issued for the account (pb_hooks/lib/accountLinks.js). */
export interface AccountLink {
  exp: string;
  sig: string;
}

/** The connected account's session secret from our server (which holds the secret key), for the holder of its link. */
export async function accountSessionSecret(accountId: string, link: AccountLink): Promise<string> {
  const res = await fetch('/api/account_session', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ accountId, exp: link.exp, sig: link.sig }) });
  const body = (await res.json().catch(() => ({}))) as { client_secret?: string };
  if (res.status === 403) throw new ConnectError('connect.linkInvalid');
  if (!res.ok || !body.client_secret) throw new ConnectError(res.status === 400 ? 'connect.badAccount' : 'connect.sessionFailed');
  return body.client_secret;
}

export async function publishableKey(): Promise<string> {
  const res = await fetch('/api/pk').catch(() => null);
  const body = (await res?.json().catch(() => ({}))) as { pk?: string } | undefined;
  if (!res?.ok || !body?.pk) throw new ConnectError('connect.unavailable');
  return body.pk;
}

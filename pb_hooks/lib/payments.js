/**
 * Payments without card data: the site only ever hands applicants to the provider's hosted pages.
 * - A new application of a paying service records the checkout link it was offered (the form's link,
 *   overridable by environment), tagged with the record as Stripe's client_reference_id.
 * - Stripe's webhook (signature checked with FORMWORK_STRIPE_WEBHOOK_SECRET) marks the record paid when
 *   the session came through the link the record was offered (asked of the provider with the secret key).
 * - Stripe Connect: the publishable key, and account sessions created with the secret key.
 * Keys and the API base URL come from the environment only.
 */
const config = require(`${__hooks}/generated/services.js`);

const { env, publicUrl } = require(`${__hooks}/lib/env.js`);
const { own } = require(`${__hooks}/lib/own.js`);

const apiBase = () => env('FORMWORK_STRIPE_API_BASE', 'https://api.stripe.com').replace(/\/+$/, '');
const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** The client_reference_id Stripe sends back: "<collection>-<record id>" (collection names have no "-"). */
const clientReferenceOf = (record) => record.collection().name + '-' + record.id;

/**
 * The form's checkout link as configured: its environment variable's, else the schema's; '' when neither
 * is a real address. A schema's placeholder lives under `.invalid`, the domain RFC 2606 reserves for
 * addresses that never resolve: a deployment that has not set the variable has no checkout, and the
 * applicant is never sent to a dead page (issue 32). Only https links are handed to applicants.
 */
function configuredLink(variant) {
  if (!variant || !variant.checkout) return '';
  const base = String(env(variant.checkout.env, variant.checkout.url) || '').trim();
  const host = (/^https:\/\/([^/?#:]+)/i.exec(base) || [])[1];
  if (!host || /(^|\.)invalid\.?$/i.test(host)) return '';
  return base;
}

/** The checkout link for `record` (its form's, overridable by environment), naming the record for the provider; '' when none is configured. */
function checkoutLink(service, record) {
  const base = configuredLink(own(service.variants, record.getString('variant')));
  if (!base) return '';
  return base + (base.indexOf('?') >= 0 ? '&' : '?') + 'client_reference_id=' + encodeURIComponent(clientReferenceOf(record));
}

/**
 * What a form's submit will do about payment, before it is pressed (GET /api/formwork/checkout-offer,
 * src/features/forms/checkout.ts useCheckoutOffer): `opens` when the service is paid upfront and the
 * form's link is configured, so the browser opens the provider's window only for a real checkout.
 * null for a form that does not exist.
 */
function checkoutOffer(service, variantId) {
  const variant = service && own(service.variants, String(variantId));
  if (!variant) return null;
  return { opens: !!service.payments && service.payment === 'upfront' && configuredLink(variant) !== '' };
}

/**
 * Before the save of a service that takes payment upfront (service.json "payment", the default):
 * gives the record its id now, so the link it is offered can name it. Services that take payment
 * later get their link from offerLater.
 */
function offerCheckout(service, record) {
  if (!service.payments || service.payment !== 'upfront') return;
  if (!record.id) record.id = $security.randomStringWithAlphabet(15, ID_ALPHABET);
  const url = checkoutLink(service, record);
  if (!url) return;
  record.set('checkoutUrl', url);
  record.set('paymentStatus', 'unpaid');
}

/**
 * The moment a later payment is due (after the cancellation period, or once the service is done):
 * offers the link on the record (the applicant's status page shows it) and e-mails it, with `app`.
 * Returns false when there is nothing to offer (no link, already offered, cancelled).
 */
function offerLater(app, record) {
  const service = config.services[record.collection().name];
  if (!service || !service.payments || record.getString('checkoutUrl') || record.getString('cancelledAt')) return false;
  const url = checkoutLink(service, record);
  if (!url) return false;
  record.set('checkoutUrl', url);
  record.set('paymentStatus', 'unpaid');
  app.save(record);
  require(`${__hooks}/lib/outbox.js`).enqueuePaymentDue(app, record);
  return true;
}

/** Services paying after the cancellation period: every record whose window has closed gets its link. */
function offerDue(app) {
  let offered = 0;
  const now = new Date().toISOString().replace('T', ' ');
  for (const collection of Object.keys(config.services)) {
    const service = config.services[collection];
    if (!service.payments || service.payment !== 'after-cancellation') continue;
    const due = app.findRecordsByFilter(collection, "checkoutUrl = '' && cancelledAt = '' && cancelDeadline != '' && cancelDeadline <= {:now}", 'cancelDeadline', 200, 0, { now });
    for (const record of due) {
      app.runInTransaction((txApp) => {
        if (offerLater(txApp, record)) offered++;
      });
    }
  }
  return offered;
}

/** Stripe-Signature: t=<unix>,v1=<hex hmac of "t.body">; refused if forged or older than 5 minutes. */
function verifySignature(header, body, secret, nowSeconds) {
  const parts = {};
  const signatures = [];
  String(header || '')
    .split(',')
    .forEach((kv) => {
      const i = kv.indexOf('=');
      if (i < 0) return;
      const key = kv.slice(0, i).trim();
      const value = kv.slice(i + 1).trim();
      if (key === 'v1') signatures.push(value);
      else parts[key] = value;
    });
  const t = Number(parts.t);
  if (!secret || !t || signatures.length === 0) return false;
  if (Math.abs(nowSeconds - t) > 300) return false;
  const expected = $security.hs256(parts.t + '.' + body, secret);
  return signatures.some((s) => $security.equal(s, expected));
}

/** The events that can say a checkout's money has arrived; a delayed method (a bank debit) sends the second. */
const PAID_EVENTS = ['checkout.session.completed', 'checkout.session.async_payment_succeeded'];

const withoutQuery = (url) => String(url || '').split('?')[0];

/**
 * A paid checkout → the application it names is paid, when it was paid through the link that application
 * was offered. The reference alone is not enough: anyone may add ?client_reference_id=<another
 * application> to a cheaper link (the $9.99 Flex fee for a $375 registration). The provider says which
 * payment link a session came from; its address must be the one on the record. A checkout completed with
 * a delayed method is not paid yet (payment_status "unpaid" until its async_payment_succeeded). Other
 * events are acknowledged. `retry`: the link could not be checked now (no secret key, provider down), so
 * the provider should send the event again later. Changes nothing itself: a paid one comes back with
 * `pay` (the record to mark), for receiveEvent to apply in the transaction that remembers the event.
 */
function assessEvent(app, event) {
  if (!event || PAID_EVENTS.indexOf(event.type) < 0) return { handled: false };
  const session = (event.data && event.data.object) || {};
  if (session.payment_status !== 'paid' && session.payment_status !== 'no_payment_required') return { handled: false, reason: 'not paid yet' };
  const ref = String(session.client_reference_id || '');
  const dash = ref.indexOf('-');
  const collection = ref.slice(0, dash);
  const id = ref.slice(dash + 1);
  const service = own(config.services, collection);
  if (dash <= 0 || !service || !service.payments) return { handled: false, reason: 'unknown reference' };
  // A look-up that fails (a busy database) is thrown: the provider then sends the event again.
  const record = app.findRecordsByFilter(collection, 'id = {:id}', '', 1, 0, { id: id })[0];
  if (!record) {
    // Deleted since: while it is in the trash it may be restored, so the payment is asked for again later.
    const trashed = app.findRecordsByFilter(config.trashCollection, 'sourceCollection = {:c} && key = {:k}', '', 1, 0, { c: collection, k: id }).length > 0;
    if (trashed) return { handled: false, retry: true, reason: 'the application is in the trash' };
    app.logger().warn('payments: a paid checkout names an application that does not exist', 'collection', collection, 'record', id);
    return { handled: false, reason: 'no such application' };
  }
  const offered = withoutQuery(record.getString('checkoutUrl'));
  if (!offered) return { handled: false, reason: 'no link was offered' };
  if (!/^plink_[A-Za-z0-9]{1,64}$/.test(String(session.payment_link || ''))) return refusedPayment(app, record, 'not paid through a payment link');
  const link = stripeCall('GET', '/v1/payment_links/' + session.payment_link);
  // No key or a wrong one, the provider down or busy: not this event's fault, so it is asked for again.
  if (link.status >= 500 || link.status === 429 || link.status === 401 || link.status === 403) return { handled: false, retry: true, reason: (link.json && link.json.message) || 'the payment link could not be checked' };
  if (link.status !== 200 || !link.json || withoutQuery(link.json.url) !== offered) return refusedPayment(app, record, 'paid through another link');
  return { handled: true, record: id, pay: { collection: collection, id: id } };
}

/**
 * A signed event, acted on at most once: Stripe delivers an event more than once (its retries, and a
 * signed request anyone recorded can be replayed while its signature is fresh). The event id is written
 * in the transaction of the event's effect, so a crash leaves both or neither, and of two deliveries at
 * once the unique index lets one commit; the other is answered as the duplicate it is. The provider's
 * answer (an HTTP call) is had before the transaction, which would otherwise hold the database's one
 * writer while it waits. An event to be sent again later (`retry`) is not remembered.
 */
function receiveEvent(app, event) {
  const events = require(`${__hooks}/lib/webhookEvents.js`);
  if (!event || !events.isEventId(event.id)) return { handled: false, invalid: true, reason: 'the event has no id' };
  if (events.seen(app, event.id)) return { duplicate: true };
  const result = assessEvent(app, event);
  if (result.retry) return result;
  const pay = result.pay;
  delete result.pay;
  try {
    app.runInTransaction((txApp) => {
      events.remember(txApp, event, result);
      if (pay) markPaid(txApp, pay);
    });
  } catch (err) {
    if (events.seen(app, event.id)) return { duplicate: true };
    throw err;
  }
  return result;
}

/** Read again inside the transaction: a staff change since the check is kept, not overwritten. */
function markPaid(txApp, pay) {
  const record = txApp.findRecordById(pay.collection, pay.id);
  record.set('paymentStatus', 'paid');
  record.set('paidAt', new Date().toISOString().replace('T', ' '));
  txApp.save(record);
}

function refusedPayment(app, record, reason) {
  app.logger().warn('payments: a paid checkout names an application but is not its payment', 'collection', record.collection().name, 'record', record.id, 'reason', reason);
  return { handled: false, reason: reason };
}

/** {method} {base}/v1/<path> with the secret key (a POST's `form` form-encoded); the provider's answer, parsed. */
function stripeCall(method, path, form) {
  const secret = env('FORMWORK_STRIPE_SECRET_KEY', '');
  if (!secret) return { status: 503, json: { message: 'Payments are not configured (FORMWORK_STRIPE_SECRET_KEY).' } };
  const body = Object.keys(form || {})
    .map((k) => encodeURIComponent(k) + '=' + encodeURIComponent(form[k]))
    .join('&');
  try {
    const res = $http.send({
      url: apiBase() + path,
      method: method,
      body: body,
      headers: { authorization: 'Bearer ' + secret, 'content-type': 'application/x-www-form-urlencoded' },
      timeout: 20,
    });
    return { status: res.statusCode, json: res.json };
  } catch (err) {
    return { status: 502, json: { message: 'The payment provider could not be reached.' } };
  }
}

/**
 * A Connect session for `accountId`, only for the holder of a staff-issued link to it (`link`: the exp
 * and sig of that link, lib/accountLinks.js); checked before the provider is asked anything.
 */
function accountSession(accountId, link) {
  const links = require(`${__hooks}/lib/accountLinks.js`);
  if (!links.isAccountId(accountId)) {
    return { status: 400, json: { message: 'accountId must be a connected account id (acct_…).' } };
  }
  const refused = links.refusal(accountId, (link || {}).exp, (link || {}).sig, Math.floor(Date.now() / 1000));
  if (refused) return { status: 403, json: { message: 'This account link is missing, altered or expired. Ask the company for a new link.' } };
  const res = stripeCall('POST', '/v1/account_sessions', {
    account: accountId,
    'components[account_onboarding][enabled]': 'true',
    'components[payments][enabled]': 'true',
    'components[payouts][enabled]': 'true',
  });
  if (res.status >= 200 && res.status < 300 && res.json && res.json.client_secret) return { status: 200, json: { client_secret: res.json.client_secret } };
  const providerMessage = res.json && res.json.error && res.json.error.message;
  return { status: res.status >= 400 && res.status < 500 ? 400 : 502, json: { message: providerMessage || (res.json && res.json.message) || 'The account session could not be created.' } };
}

/**
 * A hosted checkout session for a site.json product, at the server's price for the interval: the
 * browser names only the product and the interval. Answers the provider's page address.
 */
function productCheckout(productId, interval, locale) {
  const product = own(config.products, String(productId));
  const price = product && own(product.prices, String(interval));
  if (!product || !price) return { status: 400, json: { message: 'Unknown product or billing interval.' } };
  const site = publicUrl();
  const res = stripeCall('POST', '/v1/checkout/sessions', {
    mode: 'subscription',
    'line_items[0][quantity]': '1',
    'line_items[0][price_data][currency]': 'usd',
    'line_items[0][price_data][unit_amount]': String(Math.round(price * 100)),
    'line_items[0][price_data][recurring][interval]': String(interval),
    'line_items[0][price_data][product_data][name]': product.name,
    locale: locale === 'ru' ? 'ru' : 'auto',
    success_url: site + product.paid,
    cancel_url: site + product.soldOn,
  });
  if (res.status >= 200 && res.status < 300 && res.json && res.json.url) return { status: 200, json: { url: res.json.url } };
  return { status: res.status === 503 ? 503 : 502, json: { message: (res.json && res.json.message) || 'The payment page could not be created.' } };
}

module.exports = {
  offerLater,
  offerDue,
  checkoutLink, checkoutOffer, productCheckout, offerCheckout, verifySignature, receiveEvent, accountSession };

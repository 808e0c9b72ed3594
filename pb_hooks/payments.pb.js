/// <reference path="../bin/pocketbase-types.d.ts" />
// Payments through the provider's hosted pages only (lib/payments.js): Stripe's webhook, and the
// Connect endpoints of the original (GET /api/pk, POST /api/account_session), the latter only through
// a link staff issue (POST /api/formwork/account-links, lib/accountLinks.js).

onBootstrap((e) => {
  e.next();
  const { env } = require(`${__hooks}/lib/env.js`);
  if (env('FORMWORK_STRIPE_WEBHOOK_SECRET', '') && !env('FORMWORK_STRIPE_SECRET_KEY', '')) {
    e.app.logger().warn('payments: FORMWORK_STRIPE_SECRET_KEY is not set, so the webhook cannot check which link a checkout was paid through; it answers 503 and Stripe retries until the key is set');
  }
});

routerAdd('POST', '/api/formwork/stripe/webhook', (e) => {
  const payments = require(`${__hooks}/lib/payments.js`);
  const body = toString(e.request.body, 1 << 20);
  const ok = payments.verifySignature(e.request.header.get('Stripe-Signature'), body, require(`${__hooks}/lib/env.js`).env('FORMWORK_STRIPE_WEBHOOK_SECRET', ''), Math.floor(Date.now() / 1000));
  if (!ok) throw new BadRequestError('Invalid signature.');
  let event;
  try {
    event = JSON.parse(body);
  } catch (err) {
    throw new BadRequestError('Invalid JSON.');
  }
  const result = payments.receiveEvent(e.app, event);
  if (result.invalid) throw new BadRequestError('The event has no id.');
  // Not checked yet (no secret key, the provider unreachable): the provider sends it again later.
  if (result.retry) return e.json(503, { received: false, reason: result.reason });
  return e.json(200, Object.assign({ received: true }, result));
});

// The ids of events acted on are kept only as long as a replay could matter (lib/webhookEvents.js).
cronAdd('formwork-webhook-events-purge', '41 4 * * *', () => {
  const removed = require(`${__hooks}/lib/webhookEvents.js`).purgeOld($app);
  if (removed > 0) $app.logger().info('payments: purged old webhook event ids', 'count', removed);
});

// GET /api/formwork/checkout-offer/{collection}/{variant}: whether that form's submit opens the
// provider's checkout now (lib/payments.js checkoutOffer), asked by the form before the click.
routerAdd('GET', '/api/formwork/checkout-offer/{collection}/{variant}', (e) => {
  const { own } = require(`${__hooks}/lib/own.js`);
  const service = own(require(`${__hooks}/generated/services.js`).services, e.request.pathValue('collection'));
  const offer = require(`${__hooks}/lib/payments.js`).checkoutOffer(service, e.request.pathValue('variant'));
  if (!offer) throw new NotFoundError('No such form.');
  // The environment may change with a restart: a browser asks again on its next visit.
  e.response.header().set('Cache-Control', 'no-store');
  return e.json(200, offer);
});

routerAdd('GET', '/api/pk', (e) => {
  const pk = require(`${__hooks}/lib/env.js`).env('FORMWORK_STRIPE_PUBLISHABLE_KEY', '');
  if (!pk) return e.json(503, { message: 'Payments are not configured (FORMWORK_STRIPE_PUBLISHABLE_KEY).' });
  return e.json(200, { pk: pk });
});

// Only with the exp and sig of a link staff issued for the account (lib/accountLinks.js).
routerAdd('POST', '/api/account_session', (e) => {
  const body = e.requestInfo().body || {};
  const result = require(`${__hooks}/lib/payments.js`).accountSession(body.accountId, { exp: body.exp, sig: body.sig });
  return e.json(result.status, result.json);
});

// POST /api/formwork/account-links {accountId, days}: a signed link to /account/<id> (admins; audited).
routerAdd('POST', '/api/formwork/account-links', (e) => {
  const admin = require(`${__hooks}/lib/access.js`).requireAdmin(e);
  const body = e.requestInfo().body || {};
  const result = require(`${__hooks}/lib/accountLinks.js`).issue(e.app, admin, body.accountId, body.days);
  e.response.header().set('Cache-Control', 'no-store');
  return e.json(result.status, result.json);
});

routerAdd('POST', '/api/formwork/checkout', (e) => {
  const body = e.requestInfo().body || {};
  const result = require(`${__hooks}/lib/payments.js`).productCheckout(body.product, body.interval, body.locale);
  return e.json(result.status, result.json);
});

/// <reference path="../bin/pocketbase-types.d.ts" />
// The applicant's own page of an application with agreements (/application/<service>#<token>, linked in
// their e-mail): where it stands, until when they may cancel, and the payment link once it is offered.
// The token is the only key: it is long, random, never listed, and answers nothing but this summary.
// It travels in a header (lib/application.js TOKEN_HEADER), never in the path: PocketBase's request log
// keeps every URL, and anyone who reads the log could otherwise cancel the applicant's contract.

// GET /api/formwork/application/{service}, the token in X-Application-Token
routerAdd('GET', '/api/formwork/application/{service}', (e) => {
  const lib = require(`${__hooks}/lib/application.js`);
  const found = lib.find(e.app, e.request.pathValue('service'), lib.tokenOf(e));
  return e.json(200, lib.summary(found.record, found.service, new Date()));
});

// POST /api/formwork/application/{service}/cancel (the token as above): within the window, the application is cancelled.
routerAdd('POST', '/api/formwork/application/{service}/cancel', (e) => {
  const lib = require(`${__hooks}/lib/application.js`);
  const found = lib.find(e.app, e.request.pathValue('service'), lib.tokenOf(e));
  const request = { ip: e.realIP(), userAgent: e.request.userAgent() };
  // Read again inside the transaction (SQLite's one writer): a double click, or a staff change made
  // meanwhile, is seen, not overwritten with the copy read before it.
  e.app.runInTransaction((txApp) => lib.cancel(txApp, txApp.findRecordById(found.record.collection().name, found.record.id), new Date(), request));
  const record = e.app.findRecordById(found.record.collection().name, found.record.id);
  return e.json(200, lib.summary(record, found.service, new Date()));
});

// Services paid after the cancellation period: links go out as windows close (minute granularity).
cronAdd('formwork-payment-due', '*/10 * * * *', () => {
  const offered = require(`${__hooks}/lib/payments.js`).offerDue($app);
  if (offered > 0) $app.logger().info('payments: links offered after the cancellation period', 'count', offered);
});

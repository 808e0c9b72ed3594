/// <reference path="../pb_data/types.d.ts" />
// The e-mail outbox (lib/outbox.js): SMTP from the environment at start, a job every minute, and
// staff endpoints to send what is due now and to resend one e-mail.

onBootstrap((e) => {
  e.next();
  require(`${__hooks}/lib/outbox.js`).configure(e.app);
});

cronAdd('formwork-outbox', '* * * * *', () => {
  const result = require(`${__hooks}/lib/outbox.js`).processDue($app);
  if (result.sent || result.retrying || result.failed) $app.logger().info('outbox', 'sent', result.sent, 'retrying', result.retrying, 'failed', result.failed);
});

routerAdd('POST', '/api/formwork/outbox/flush', (e) => {
  const outbox = require(`${__hooks}/lib/outbox.js`);
  if (!outbox.mayManage(e.auth)) throw new ForbiddenError('Only staff admins may send the outbox.');
  return e.json(200, outbox.processDue(e.app));
});

routerAdd('POST', '/api/formwork/outbox/{id}/resend', (e) => {
  const outbox = require(`${__hooks}/lib/outbox.js`);
  if (!outbox.mayManage(e.auth)) throw new ForbiddenError('Only staff admins may resend e-mails.');
  outbox.resend(e.app, e.request.pathValue('id'));
  return e.json(200, outbox.processDue(e.app));
});

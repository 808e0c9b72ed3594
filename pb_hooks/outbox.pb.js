/// <reference path="../bin/pocketbase-types.d.ts" />
// The e-mail outbox (lib/outbox.js): SMTP from the environment at start, a job every minute
// (FORMWORK_OUTBOX_CRON; "off" leaves sending to staff), and staff endpoints to send what is due now
// and to resend one e-mail.

onBootstrap((e) => {
  e.next();
  const outbox = require(`${__hooks}/lib/outbox.js`);
  outbox.configure(e.app);
  if (!outbox.schedule()) e.app.logger().warn('outbox: FORMWORK_OUTBOX_CRON is off; e-mails wait until staff send them (POST /api/formwork/outbox/flush)');
});

const outboxSchedule = require(`${__hooks}/lib/outbox.js`).schedule();
if (outboxSchedule) {
  cronAdd('formwork-outbox', outboxSchedule, () => {
    const result = require(`${__hooks}/lib/outbox.js`).processDue($app);
    if (result.sent || result.retrying || result.failed)
      $app.logger().info('outbox', 'sent', result.sent, 'retrying', result.retrying, 'failed', result.failed);
  });
}

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

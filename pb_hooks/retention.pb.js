/// <reference path="../bin/pocketbase-types.d.ts" />
// The privacy policy's retention, in force (lib/retention.js, docs/retention.md): a daily job clears the
// fields whose period has passed and deletes for good the applications all of whose fields have; admins
// see what it would do now (a dry run that changes nothing) and may run it at once, audited.
// FORMWORK_RETENTION_CRON sets the schedule; "off" pauses the job (a legal hold), not the report.

const retentionSchedule = require(`${__hooks}/lib/retention.js`).schedule();
if (retentionSchedule) {
  cronAdd('formwork-retention', retentionSchedule, () => {
    try {
      const result = require(`${__hooks}/lib/retention.js`).sweep($app, { apply: true });
      const t = result.totals;
      if (t.cleared || t.deleted || t.emails) $app.logger().info('retention: applied', 'cleared', t.cleared, 'deleted', t.deleted, 'files', t.files, 'emails', t.emails, 'notes', t.notes);
    } catch (err) {
      $app.logger().error('retention: the daily job failed', 'error', String(err));
    }
  });
}

onBootstrap((e) => {
  e.next();
  const retention = require(`${__hooks}/lib/retention.js`);
  if (!retention.schedule()) {
    e.app.logger().warn('retention: FORMWORK_RETENTION_CRON is off; personal data is kept past the privacy policy until it is on again');
  }
  const logs = retention.logsCheck(e.app);
  if (!logs.withinPolicy) e.app.logger().warn('retention: request logs (category F) are kept longer than the privacy policy allows', 'logsMaxDays', logs.maxDays, 'policyDays', logs.days);
});

// GET /api/formwork/retention/report: what the job would do now, per collection (admins). Changes nothing.
routerAdd('GET', '/api/formwork/retention/report', (e) => {
  require(`${__hooks}/lib/access.js`).requireAdmin(e);
  e.response.header().set('Cache-Control', 'no-store');
  return e.json(200, require(`${__hooks}/lib/retention.js`).sweep(e.app, { apply: false }));
});

// POST /api/formwork/retention/run: does it now (admins); each change is in the audit log under this admin.
routerAdd('POST', '/api/formwork/retention/run', (e) => {
  const admin = require(`${__hooks}/lib/access.js`).requireAdmin(e);
  const result = require(`${__hooks}/lib/retention.js`).sweep(e.app, { apply: true, actor: admin });
  e.app.logger().info('retention: run by an admin', 'admin', admin.id, 'cleared', result.totals.cleared, 'deleted', result.totals.deleted, 'emails', result.totals.emails);
  return e.json(200, result);
});

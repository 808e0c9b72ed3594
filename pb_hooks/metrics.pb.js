/// <reference path="../bin/pocketbase-types.d.ts" />
// What an operator watches (lib/metrics.js): GET /api/formwork/metrics for Prometheus (a bearer
// FORMWORK_METRICS_TOKEN, or an admin's session), GET /api/formwork/status for the staff status page
// (/admin/status), and a count of each new application of a service's list.

onRecordAfterCreateSuccess(
  (e) => {
    require(`${__hooks}/lib/metrics.js`).countSubmission(e.app, e.record.collection().name);
    require(`${__hooks}/lib/log.js`).info('submission', { collection: e.record.collection().name, record: e.record.id });
    e.next();
  },
  ...Object.keys(require(`${__hooks}/generated/services.js`).services),
);

// A new backup shows at once, not after the 30 s the listing is kept (a scheduled one passes here too).
onBackupCreate((e) => {
  e.next();
  require(`${__hooks}/lib/metrics.js`).forget(e.app, 'backup');
});

routerAdd('GET', '/api/formwork/metrics', (e) => {
  const metrics = require(`${__hooks}/lib/metrics.js`);
  metrics.authorize(e);
  e.response.header().set('Cache-Control', 'no-store');
  e.response.header().set('Content-Type', 'text/plain; version=0.0.4; charset=utf-8');
  return e.string(200, metrics.prometheus(metrics.snapshot(e.app)));
});

routerAdd('GET', '/api/formwork/status', (e) => {
  const metrics = require(`${__hooks}/lib/metrics.js`);
  metrics.authorize(e);
  e.response.header().set('Cache-Control', 'no-store');
  return e.json(200, metrics.snapshot(e.app));
});

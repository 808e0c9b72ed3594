/// <reference path="../bin/pocketbase-types.d.ts" />
// GET /api/formwork/dashboard: per service, how many applications there are, how many are still new
// and how many came in the last 7 days (one request for the staff home, /admin).
routerAdd('GET', '/api/formwork/dashboard', (e) => {
  const config = require(`${__hooks}/generated/services.js`);
  require(`${__hooks}/lib/access.js`).requireStaff(e);
  const week = new Date(Date.now() - 7 * 86400000).toISOString().replace('T', ' ');
  // "New": in the first status of the service's own workflow (a ticket's open), or from before it had one.
  const fresh = (service) => $dbx.or($dbx.hashExp({ status: service.workflow.initial }), $dbx.hashExp({ status: '' }));
  const services = Object.keys(config.services).map((collection) => ({
    id: config.services[collection].id,
    collection,
    total: e.app.countRecords(collection),
    new: e.app.countRecords(collection, fresh(config.services[collection])),
    lastWeek: e.app.countRecords(collection, $dbx.exp('created >= {:week}', { week })),
  }));
  const trash = e.app.countRecords(config.trashCollection);
  return e.json(200, { services, trash });
});

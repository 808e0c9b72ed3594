/// <reference path="../bin/pocketbase-types.d.ts" />
// GET /api/formwork/dashboard: per service, how many applications there are, how many are still new
// and how many came in the last 7 days (one request for the staff home, /admin).
routerAdd('GET', '/api/formwork/dashboard', (e) => {
  const config = require(`${__hooks}/generated/services.js`);
  require(`${__hooks}/lib/access.js`).requireStaff(e);
  const week = new Date(Date.now() - 7 * 86400000).toISOString().replace('T', ' ');
  const fresh = $dbx.or($dbx.hashExp({ status: config.statuses[0] }), $dbx.hashExp({ status: '' }));
  const services = Object.keys(config.services).map((collection) => ({
    id: config.services[collection].id,
    collection,
    total: e.app.countRecords(collection),
    new: e.app.countRecords(collection, fresh),
    lastWeek: e.app.countRecords(collection, $dbx.exp('created >= {:week}', { week })),
  }));
  const trash = e.app.countRecords(config.trashCollection);
  return e.json(200, { services, trash });
});

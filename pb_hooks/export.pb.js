/// <reference path="../bin/pocketbase-types.d.ts" />
// GET /api/formwork/export/{collection}?q=&from=&to=&status=&sort=&lang=&reveal=1 → the filtered staff list as CSV.
// Staff get sensitive fields masked; `reveal=1` (admins only) exports them in clear. Both are audited.
routerAdd('GET', '/api/formwork/export/{collection}', (e) => {
  const { requireStaff, requireAdmin, audit, serviceOf } = require(`${__hooks}/lib/access.js`);
  const collection = e.request.pathValue('collection');
  const service = serviceOf(collection);
  const query = {};
  for (const name of require(`${__hooks}/generated/contract.js`).listFilter.keys.concat(['lang', 'reveal'])) query[name] = e.request.url.query().get(name);
  const reveal = query.reveal === '1';
  const staff = reveal && service.sensitiveFields.length > 0 ? requireAdmin(e) : requireStaff(e);
  const { filter, params } = require(`${__hooks}/lib/listFilter.js`).listFilter(service, query);
  // The list's order: the one chosen on screen, else the card's own.
  const sort = query.sort === 'newest' ? '-created' : query.sort === 'oldest' ? 'created' : service.sort;
  const { csv, rows } = require(`${__hooks}/lib/exportCsv.js`).exportCsv(e.app, collection, service, { filter, params, sort }, query.lang, reveal);
  const what = [reveal && service.sensitiveFields.length > 0 ? 'unmasked: ' + service.sensitiveFields.join(', ') : 'masked', rows + ' rows', filter ? 'filter ' + JSON.stringify(params) : 'no filter'];
  audit(e.app, staff, 'export', { collection, field: reveal ? service.sensitiveFields.join(',') : '', detail: what.join('; ') });
  const day = new Date().toISOString().slice(0, 10);
  e.response.header().set('Content-Disposition', 'attachment; filename="' + collection + '-' + day + '.csv"');
  e.response.header().set('Cache-Control', 'no-store');
  e.response.header().set('Content-Type', 'text/csv; charset=utf-8');
  return e.string(200, csv);
});

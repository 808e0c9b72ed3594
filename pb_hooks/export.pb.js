/// <reference path="../bin/pocketbase-types.d.ts" />
// GET /api/formwork/export/{collection}?q=&from=&to=&status=&assignee=&sort=&lang=&reveal=1 → the staff
// list on screen as CSV; or ?ids=<id>,<id>,… (at most 500) → just those records (a selection made on the
// list: its filter is not applied again, the selection is what staff picked), in the list's order.
// Staff get sensitive fields masked; `reveal=1` (admins only) exports them in clear. Both are audited.
routerAdd('GET', '/api/formwork/export/{collection}', (e) => {
  const { requireStaff, requireAdmin, audit, serviceOf } = require(`${__hooks}/lib/access.js`);
  const { listFilter, sortOf } = require(`${__hooks}/lib/listFilter.js`);
  const collection = e.request.pathValue('collection');
  const service = serviceOf(collection);
  const query = {};
  const keys = require(`${__hooks}/generated/contract.js`).listFilter.keys.concat(['assignee', 'ids', 'lang', 'reveal']);
  for (const name of keys) query[name] = e.request.url.query().get(name);
  const reveal = query.reveal === '1';
  const staff = reveal && service.sensitiveFields.length > 0 ? requireAdmin(e) : requireStaff(e);
  const bulk = require(`${__hooks}/lib/bulk.js`);
  const selection = query.ids ? bulk.selection(query.ids.split(','), 500) : null;
  const { filter, params } = selection ? bulk.idFilter(selection) : listFilter(service, query, staff.id);
  const sort = sortOf(service, query.sort);
  const { csv, rows } = require(`${__hooks}/lib/exportCsv.js`).exportCsv(e.app, collection, service, { filter, params, sort }, query.lang || staff.getString('language'), reveal);
  const scope = selection ? 'selection of ' + selection.length : filter ? 'filter ' + JSON.stringify(params) : 'no filter';
  const what = [reveal && service.sensitiveFields.length > 0 ? 'unmasked: ' + service.sensitiveFields.join(', ') : 'masked', rows + ' rows', scope];
  audit(e.app, staff, 'export', { collection, field: reveal ? service.sensitiveFields.join(',') : '', detail: what.join('; ') });
  const day = new Date().toISOString().slice(0, 10);
  e.response.header().set('Content-Disposition', 'attachment; filename="' + collection + '-' + day + '.csv"');
  e.response.header().set('Cache-Control', 'no-store');
  e.response.header().set('Content-Type', 'text/csv; charset=utf-8');
  return e.string(200, csv);
});

/// <reference path="../bin/pocketbase-types.d.ts" />
// GET /api/formwork/staff/application-pdf/{collection}/{id}?lang=xx[&reveal=1]: one application as a PDF for
// the paper file (lib/applicationPdf.js), in the staff member's language. Sensitive fields are masked;
// reveal=1 (admins only) prints them in clear. Every print is audited (`print`), as an export is.
routerAdd('GET', '/api/formwork/staff/application-pdf/{collection}/{id}', (e) => {
  const { requireStaff, requireAdmin, audit, serviceOf } = require(`${__hooks}/lib/access.js`);
  const collection = e.request.pathValue('collection');
  const service = serviceOf(collection);
  const reveal = e.request.url.query().get('reveal') === '1' && service.sensitiveFields.length > 0;
  const staff = reveal ? requireAdmin(e) : requireStaff(e);
  let record;
  try {
    record = e.app.findRecordById(collection, e.request.pathValue('id'));
  } catch (_) {
    throw new NotFoundError('No such application.');
  }
  const language = e.request.url.query().get('lang') || staff.getString('language');
  const pdf = require(`${__hooks}/lib/applicationPdf.js`).applicationPdf(e.app, collection, service, record, { language, reveal, staff, now: new Date() });
  audit(e.app, staff, 'print', { collection, record: record.id, field: reveal ? service.sensitiveFields.join(',') : '', detail: reveal ? 'unmasked: ' + service.sensitiveFields.join(', ') : 'masked' });
  return require(`${__hooks}/lib/signedCopy.js`).download(e, pdf, 'private, no-store');
});

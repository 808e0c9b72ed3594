/// <reference path="../bin/pocketbase-types.d.ts" />
// Agreements as PDF files (lib/signedCopy.js, lib/agreementPdf.js):
// - a document's current text, to read before signing (the form's link beside each text): anyone;
// - the application's documents as signed, the same file its agreement e-mail carries: the applicant
//   with their token (in the header, as on their status page, lib/application.js) and signed-in staff.

// GET /api/formwork/agreement-pdf/{service}/{document}/{language}: the current text, not signed.
routerAdd('GET', '/api/formwork/agreement-pdf/{service}/{document}/{language}', (e) => {
  const pdf = require(`${__hooks}/lib/signedCopy.js`).unsignedPdf(e.app, e.request.pathValue('service'), e.request.pathValue('document'), e.request.pathValue('language'));
  if (!pdf) throw new NotFoundError('No such document.');
  // The address names no version: a new text reaches readers within minutes.
  return require(`${__hooks}/lib/signedCopy.js`).download(e, pdf, 'public, max-age=300');
});

// GET /api/formwork/application/{service}/agreement-pdf, the token in X-Application-Token: the signed copy.
routerAdd('GET', '/api/formwork/application/{service}/agreement-pdf', (e) => {
  const application = require(`${__hooks}/lib/application.js`);
  const found = application.find(e.app, e.request.pathValue('service'), application.tokenOf(e));
  const copy = require(`${__hooks}/lib/signedCopy.js`);
  return copy.download(e, copy.signedPdf(e.app, found.record.collection().name, found.record.id), 'private, no-store');
});

// GET /api/formwork/staff/agreement-pdf/{collection}/{id}: the signed copy, for signed-in staff.
routerAdd('GET', '/api/formwork/staff/agreement-pdf/{collection}/{id}', (e) => {
  const access = require(`${__hooks}/lib/access.js`);
  access.requireStaff(e);
  const collection = e.request.pathValue('collection');
  const service = access.serviceOf(collection);
  if (!service.agreements) throw new NotFoundError('This list has no agreements.');
  try {
    e.app.findRecordById(collection, e.request.pathValue('id'));
  } catch (_) {
    throw new NotFoundError('No such application.');
  }
  const copy = require(`${__hooks}/lib/signedCopy.js`);
  return copy.download(e, copy.signedPdf(e.app, collection, e.request.pathValue('id')), 'private, no-store');
});

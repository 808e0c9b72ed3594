/// <reference path="../bin/pocketbase-types.d.ts" />
// x-sensitive fields (lib/sensitive.js): the field holds the masked value every answer shows, the hidden
// `<field>Sealed` column the encrypted one. An admin's explicit reveal, written to the audit log, is the
// only way to the plain value.

// POST /api/formwork/reveal/{collection}/{id}/{field}: the plain value, for admins, audited.
routerAdd('POST', '/api/formwork/reveal/{collection}/{id}/{field}', (e) => {
  const { requireAdmin, audit, serviceOf } = require(`${__hooks}/lib/access.js`);
  const admin = requireAdmin(e);
  const collection = e.request.pathValue('collection');
  const field = e.request.pathValue('field');
  const service = serviceOf(collection);
  if (service.sensitiveFields.indexOf(field) < 0) throw new NotFoundError('No such sensitive field.');
  const record = e.app.findRecordById(collection, e.request.pathValue('id'));
  const value = require(`${__hooks}/lib/sensitive.js`).reveal(record, service, field);
  audit(e.app, admin, 'reveal', { collection, record: record.id, field });
  return e.json(200, { value });
});

// Only superusers may update an application (the dashboard): a masked value sent back is not a new
// value, and a new one is sealed and masked like a submitted one.
const sensitiveServices = require(`${__hooks}/generated/services.js`).services;
onRecordUpdateRequest((e) => {
  const service = require(`${__hooks}/generated/services.js`).services[e.collection.name];
  const { store } = require(`${__hooks}/lib/sensitive.js`);
  const original = e.record.original();
  for (const name of service.sensitiveFields) {
    const value = e.record.getString(name);
    e.record.set(service.sealed[name], original.getString(service.sealed[name])); // never set by hand
    if (value === original.getString(name)) continue;
    if (value === '') e.record.set(service.sealed[name], '');
    else store(e.record, service, name, value);
  }
  e.next();
}, ...Object.keys(sensitiveServices).filter((c) => sensitiveServices[c].sensitiveFields.length > 0));

// Values stored by an older installation (in clear, or encrypted in the field itself) are moved to the
// sealed column and masked at start, once the key is set.
onBootstrap((e) => {
  e.next();
  const config = require(`${__hooks}/generated/services.js`);
  const { store } = require(`${__hooks}/lib/sensitive.js`);
  if (require(`${__hooks}/lib/env.js`).env('FORMWORK_ENCRYPTION_KEY', '').length !== 32) {
    e.app.logger().warn('FORMWORK_ENCRYPTION_KEY is not set: submissions with sensitive fields are refused until it is.');
    return;
  }
  for (const collection of Object.keys(config.services)) {
    const service = config.services[collection];
    if (service.sensitiveFields.length === 0) continue;
    const older = service.sensitiveFields.map((f) => `(${service.sealed[f]} = '' && ${f} != '' && ${f} !~ '•••••%')`).join(' || ');
    let records = [];
    try {
      records = e.app.findRecordsByFilter(collection, older, '', 0, 0);
    } catch (err) {
      continue; // not migrated yet (this start is `migrate up` itself)
    }
    if (records.length === 0) continue;
    e.app.runInTransaction((txApp) => {
      for (const record of records) {
        for (const f of service.sensitiveFields) if (!record.getString(service.sealed[f])) store(record, service, f, record.getString(f));
        txApp.saveNoValidate(record);
      }
    });
    e.app.logger().info('sealed sensitive values stored by an older version', 'collection', collection, 'records', records.length);
  }
});

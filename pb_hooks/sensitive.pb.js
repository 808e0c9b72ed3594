/// <reference path="../pb_data/types.d.ts" />
// x-sensitive fields (lib/sensitive.js): stored encrypted; every answer (lists, views, realtime, the
// dashboard's) shows them masked (last 4); an admin's explicit reveal, written to the audit log, is
// the only way to the plain value.
const sensitiveServices = require(`${__hooks}/generated/services.js`).services;

onRecordEnrich((e) => {
  const service = require(`${__hooks}/generated/services.js`).services[e.record.collection().name];
  const { open, mask } = require(`${__hooks}/lib/sensitive.js`);
  for (const name of service.sensitiveFields) {
    let shown = '';
    try {
      shown = mask(open(e.record.getString(name)));
    } catch (err) {
      shown = '••••'; // a value sealed with another key: still never shown in clear
    }
    e.record.set(name, shown);
  }
  e.next();
}, ...Object.keys(sensitiveServices).filter((c) => sensitiveServices[c].sensitiveFields.length > 0));

// The trash keeps a deleted record as JSON: its sealed values are masked there too.
onRecordEnrich((e) => {
  const config = require(`${__hooks}/generated/services.js`);
  const { open, mask } = require(`${__hooks}/lib/sensitive.js`);
  const service = config.services[e.record.getString('sourceCollection')];
  if (service && service.sensitiveFields.length > 0) {
    const data = JSON.parse(e.record.getString('record') || '{}');
    for (const name of service.sensitiveFields) {
      if (!data[name]) continue;
      try {
        data[name] = mask(open(String(data[name])));
      } catch (err) {
        data[name] = '••••';
      }
    }
    e.record.set('record', data);
  }
  e.next();
}, require(`${__hooks}/generated/services.js`).trashCollection);

// POST /api/formwork/reveal/{collection}/{id}/{field}: the plain value, for admins, audited.
routerAdd('POST', '/api/formwork/reveal/{collection}/{id}/{field}', (e) => {
  const { requireAdmin, audit, serviceOf } = require(`${__hooks}/lib/access.js`);
  const { open } = require(`${__hooks}/lib/sensitive.js`);
  const admin = requireAdmin(e);
  const collection = e.request.pathValue('collection');
  const field = e.request.pathValue('field');
  const service = serviceOf(collection);
  if (service.sensitiveFields.indexOf(field) < 0) throw new NotFoundError('No such sensitive field.');
  const record = e.app.findRecordById(collection, e.request.pathValue('id'));
  const value = open(record.getString(field));
  audit(e.app, admin, 'reveal', { collection, record: record.id, field });
  return e.json(200, { value });
});

// Only superusers may update an application (the dashboard): a masked value sent back is not a new
// value, and a new one is sealed like a submitted one.
onRecordUpdateRequest((e) => {
  const service = require(`${__hooks}/generated/services.js`).services[e.collection.name];
  const { seal } = require(`${__hooks}/lib/sensitive.js`);
  const original = e.record.original();
  for (const name of service.sensitiveFields) {
    const value = e.record.getString(name);
    if (value === original.getString(name)) continue;
    e.record.set(name, value.indexOf('•') >= 0 ? original.getString(name) : seal(value));
  }
  e.next();
}, ...Object.keys(sensitiveServices).filter((c) => sensitiveServices[c].sensitiveFields.length > 0));

// Values stored before encryption (an older installation) are sealed at start, once the key is set.
onBootstrap((e) => {
  e.next();
  const config = require(`${__hooks}/generated/services.js`);
  const { seal, isSealed } = require(`${__hooks}/lib/sensitive.js`);
  if (require(`${__hooks}/lib/env.js`).env('FORMWORK_ENCRYPTION_KEY', '').length !== 32) {
    e.app.logger().warn('FORMWORK_ENCRYPTION_KEY is not set: submissions with sensitive fields are refused until it is.');
    return;
  }
  for (const collection of Object.keys(config.services)) {
    const fields = config.services[collection].sensitiveFields;
    if (fields.length === 0) continue;
    const open = fields.map((f) => `(${f} != '' && ${f} !~ 'enc:v1:%')`).join(' || ');
    let records = [];
    try {
      records = e.app.findRecordsByFilter(collection, open, '', 0, 0);
    } catch (err) {
      continue; // not migrated yet (this start is `migrate up` itself)
    }
    if (records.length === 0) continue;
    e.app.runInTransaction((txApp) => {
      for (const record of records) {
        for (const f of fields) if (record.getString(f) && !isSealed(record.getString(f))) record.set(f, seal(record.getString(f)));
        txApp.saveNoValidate(record);
      }
    });
    e.app.logger().info('sealed sensitive values stored before encryption', 'collection', collection, 'records', records.length);
  }
});

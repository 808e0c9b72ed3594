/// <reference path="../bin/pocketbase-types.d.ts" />
// POST /api/formwork/import: the original product's realtime-database export into our collections
// (lib/importer.js, docs/importing.md). Superusers only; the body is the export itself or
// { "export": …, "dryRun": true }. Answers with the report; re-running it imports nothing twice.
routerAdd(
  'POST',
  '/api/formwork/import',
  (e) => {
    const importer = require(`${__hooks}/lib/importer.js`);
    // A plain JS copy of the parsed body (lists and objects as JS values, not Go maps and slices).
    const body = JSON.parse(JSON.stringify(e.requestInfo().body || {}));
    const request = importer.readBody(body);
    let report;
    try {
      report = importer.run(e.app, request.data, { dryRun: request.dryRun });
    } catch (err) {
      if (err instanceof BadRequestError) throw err;
      const message = String((err && (err.value || err.message)) || err);
      // The encryption key check fails closed: nothing was written.
      if (message.indexOf('FORMWORK_ENCRYPTION_KEY') >= 0) return e.json(503, { message: 'Import refused: FORMWORK_ENCRYPTION_KEY must be set to exactly 32 characters.' });
      throw err;
    }
    return e.json(200, report);
  },
  $apis.requireSuperuserAuth(),
);

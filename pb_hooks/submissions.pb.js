/// <reference path="../pb_data/types.d.ts" />
// Every service collection accepts a submission only if it passes the form's own schema (spec §5),
// checked here on the server with the generated validators. See lib/submission.js.
const submissionServices = require(`${__hooks}/generated/services.js`).services;

onRecordCreateRequest((e) => {
  require(`${__hooks}/lib/submission.js`).checkCreate(e);
  e.next();
}, ...Object.keys(submissionServices));

/// <reference path="../bin/pocketbase-types.d.ts" />
// Uploaded files on S3-compatible storage (lib/storage.js): PocketBase's own S3 settings, set from the
// environment at every start (FORMWORK_S3_*). An incomplete or refused setting stops the start with the
// reason, rather than taking uploads somewhere nobody expects. docs/operations.md, "Files on S3".

onBootstrap((e) => {
  e.next();
  require(`${__hooks}/lib/storage.js`).configure(e.app);
});

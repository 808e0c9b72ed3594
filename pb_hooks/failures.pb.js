/// <reference path="../bin/pocketbase-types.d.ts" />
// The cause of each server-side failure on the server's output (lib/failures.js), as PocketBase writes
// its request log entry (in its background log writer, not in the request).

onModelCreate((e) => {
  require(`${__hooks}/lib/failures.js`).report(e.model);
  e.next();
}, '_logs');

/// <reference path="../bin/pocketbase-types.d.ts" />
// The archive of agreement texts (lib/agreementTexts.js): the texts this build presents are stored, by
// hash, when the server starts. When the serve command itself creates the archive's collection (its
// migrations run after bootstrap), the first signed submission stores them instead, before it is saved.

onBootstrap((e) => {
  e.next();
  require(`${__hooks}/lib/agreementTexts.js`).ensureArchived(e.app);
});

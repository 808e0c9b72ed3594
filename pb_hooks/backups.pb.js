/// <reference path="../bin/pocketbase-types.d.ts" />
// Scheduled backups (lib/backups.js): PocketBase's own backup cron, set from the environment at every
// start (FORMWORK_BACKUP_CRON, FORMWORK_BACKUP_KEEP, FORMWORK_BACKUP_S3_*). The restore procedure is
// in docs/operations.md.

onBootstrap((e) => {
  e.next();
  require(`${__hooks}/lib/backups.js`).configure(e.app);
});

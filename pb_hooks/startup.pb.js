/// <reference path="../bin/pocketbase-types.d.ts" />
// Start-up checks (lib/startupChecks.js): before the data dir is opened, the environment is checked and a
// missing or invalid setting stops `pocketbase serve` (and every other pocketbase command) with its name,
// however the server is started. In production the superuser is then made from the environment.

onBootstrap((e) => {
  const checks = require(`${__hooks}/lib/startupChecks.js`);
  checks.check();
  e.next();
  checks.ensureSuperuser(e.app);
});

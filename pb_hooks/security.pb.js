/// <reference path="../bin/pocketbase-types.d.ts" />
// The security headers of the pages are set by the site's own route (static.pb.js, lib/csp.js).

// Per-IP rate limits (lib/limits.js), set from the environment at every start.
onBootstrap((e) => {
  e.next();
  require(`${__hooks}/lib/limits.js`).configure(e.app);
});

// The submission counts of addresses that went quiet are dropped (lib/limits.js).
cronAdd('formwork-rate-limit-forget', '*/5 * * * *', () => {
  require(`${__hooks}/lib/limits.js`).forgetQuiet($app, Date.now());
});

/// <reference path="../pb_data/types.d.ts" />
// The security headers of the pages are set by the site's own route (static.pb.js, lib/csp.js).

// Per-IP rate limits (lib/limits.js), set from the environment at every start.
onBootstrap((e) => {
  e.next();
  require(`${__hooks}/lib/limits.js`).configure(e.app);
});

/// <reference path="../pb_data/types.d.ts" />
// Security headers on everything the site serves (part of the hardening issue): no framing of our
// pages by anyone (clickjacking), no plugins, no <base> or form targets elsewhere, no MIME sniffing,
// and a referrer that never carries our paths to other sites. The PocketBase dashboard (/_/) keeps its
// own policy.
//
// Not yet a script-src: the browser's form validator (AJV, through @rjsf/validator-ajv8) compiles
// schemas with `new Function`, which a script-src without 'unsafe-eval' blocks. Shipping the
// generator's precompiled validators to the browser removes that and lets script-src follow.
routerUse((e) => {
  const headers = e.response.header();
  if (!e.request.url.path.startsWith('/_/')) {
    headers.set('Content-Security-Policy', "frame-ancestors 'none'; base-uri 'self'; form-action 'self'; object-src 'none'");
  }
  headers.set('X-Content-Type-Options', 'nosniff');
  headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
  headers.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()');
  return e.next();
});

// Per-IP rate limits (lib/limits.js), set from the environment at every start.
onBootstrap((e) => {
  e.next();
  require(`${__hooks}/lib/limits.js`).configure(e.app);
});

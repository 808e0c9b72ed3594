/// <reference path="../pb_data/types.d.ts" />
// Security headers on everything the site serves (part of the hardening issue): no framing of our
// pages by anyone (clickjacking), no plugins, no <base> or form targets elsewhere, no MIME sniffing,
// and a referrer that never carries our paths to other sites. The PocketBase dashboard (/_/) keeps its
// own policy.
//
// Scripts only from our own origin (and Stripe's Connect.js, which the connected-account pages load from
// Stripe as Stripe requires): no inline script and no eval. The forms' validators are precompiled by the
// generator, so nothing in the browser compiles code. Styles may be inline: Mantine sets its CSS
// variables in a <style> element and positions with style attributes. Images may be data: URIs or
// blobs (file previews). The policy is built once, in lib/csp.js, so a test can read it whole.
routerUse((e) => {
  const headers = e.response.header();
  if (!e.request.url.path.startsWith('/_/')) {
    headers.set('Content-Security-Policy', require(`${__hooks}/lib/csp.js`).CONTENT_SECURITY_POLICY);
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

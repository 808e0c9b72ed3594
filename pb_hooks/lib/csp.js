/**
 * The headers of every page and asset the site serves (pb_hooks/static.pb.js sets them in the site's
 * own route): no framing of our pages by anyone (clickjacking), no plugins, no <base> or form targets
 * elsewhere, and a referrer that never carries our paths to other sites.
 *
 * Scripts only from our own origin (and Stripe's Connect.js, which the connected-account pages load from
 * Stripe as Stripe requires): no inline script and no eval. The forms' validators are precompiled by the
 * generator, so nothing in the browser compiles code. Styles may be inline: Mantine sets its CSS
 * variables in a <style> element and positions with style attributes. Images may be data: URIs or
 * blobs (file previews). Frames may show blobs: the staff application page previews an uploaded PDF by
 * fetching it with the staff file token and framing the bytes as a blob, which only our own script can
 * make and which keeps this policy (an uploaded file framed by its URL would be a download, and run under
 * PocketBase's sandbox, where the browser's PDF viewer does not run). Stripe's hosts are those its
 * Connect embedded components need (https://docs.stripe.com/security/guide#content-security-policy).
 *
 * The API (/api/…) keeps PocketBase's own headers (nosniff, X-Frame-Options, …, on every route) and
 * gets none of these: a JSON answer is no document, and an uploaded file keeps the sandboxing policy
 * PocketBase gives it (no script at all, where ours would allow our origin's). That also keeps JS off
 * every API request (docs/performance.md, section 2).
 */
const STRIPE_SCRIPTS = 'https://connect-js.stripe.com https://js.stripe.com';

const DIRECTIVES = [
  "default-src 'self'",
  `script-src 'self' ${STRIPE_SCRIPTS}`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https://*.stripe.com",
  "connect-src 'self' https://api.stripe.com",
  `frame-src blob: ${STRIPE_SCRIPTS}`,
  "worker-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
];

const PAGE_HEADERS = {
  'Content-Security-Policy': DIRECTIVES.join('; '),
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
};

/**
 * A year. Not includeSubDomains: on a site served from its apex domain that would force HTTPS on every
 * subdomain of the business for as long, which is the operator's choice to make at their proxy.
 */
const HSTS = 'max-age=31536000';

/**
 * Whether the visitor reached the site over HTTPS: PocketBase's own TLS (--https), a proxy in front that
 * says so, or a site whose public address is https (a proxy that says nothing). HSTS is ignored by
 * browsers over plain HTTP, so a wrong "yes" from a client's own header harms no one else.
 */
function overHttps(request) {
  if (request.tls) return true;
  if (String(request.header.get('X-Forwarded-Proto') || '').toLowerCase() === 'https') return true;
  return require(`${__hooks}/lib/env.js`).env('FORMWORK_PUBLIC_URL', '').indexOf('https://') === 0;
}

/** Sets the page headers on a response's header map (Go's http.Header, as PocketBase hands it to JS), with HSTS over HTTPS. */
function setPageHeaders(headers, request) {
  for (const name in PAGE_HEADERS) headers.set(name, PAGE_HEADERS[name]);
  if (overHttps(request)) headers.set('Strict-Transport-Security', HSTS);
}

module.exports = { setPageHeaders };

/**
 * The site's Content-Security-Policy (pb_hooks/security.pb.js sets it on every page and API answer but
 * PocketBase's own dashboard). Stripe's hosts are those its Connect embedded components need
 * (https://docs.stripe.com/security/guide#content-security-policy).
 */
const STRIPE_SCRIPTS = 'https://connect-js.stripe.com https://js.stripe.com';

const DIRECTIVES = [
  "default-src 'self'",
  `script-src 'self' ${STRIPE_SCRIPTS}`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https://*.stripe.com",
  "connect-src 'self' https://api.stripe.com",
  `frame-src ${STRIPE_SCRIPTS}`,
  "worker-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
];

module.exports = { CONTENT_SECURITY_POLICY: DIRECTIVES.join('; ') };

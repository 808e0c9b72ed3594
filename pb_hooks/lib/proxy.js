/**
 * The client's address behind the TLS proxy (deploy/Caddyfile). Every request reaches PocketBase from
 * Caddy's 127.0.0.1, so PocketBase is told which header carries the client's address
 * (FORMWORK_TRUSTED_PROXY_HEADER → its settings.trustedProxy, at every start) and its per-IP rate limits
 * and ours (lib/limits.js) key on e.realIP().
 *
 * PocketBase believes that header from ANY peer (core.RequestEvent.RealIP), so a well-known name such as
 * X-Forwarded-For would let anyone who reaches PocketBase directly name any address. The header's name is
 * therefore a secret shared by Caddy and PocketBase only (X-Formwork-Client-<random>, in both services'
 * environment): Caddy sets it on every request (replacing whatever a client sent under that name), and
 * nobody else knows what to send. lib/startupChecks.js refuses a well-known name in production.
 * The rightmost address is used (useLeftmostIP off); Caddy writes exactly one.
 */
const { env } = require(`${__hooks}/lib/env.js`);

/** Client-address headers that clients and other proxies send: never a secret. */
const WELL_KNOWN = ['x-forwarded-for', 'x-real-ip', 'forwarded', 'true-client-ip', 'cf-connecting-ip', 'x-client-ip', 'x-cluster-client-ip', 'fastly-client-ip'];

const proxyHeader = () => String(env('FORMWORK_TRUSTED_PROXY_HEADER', '')).trim();

/** PocketBase's trusted-proxy settings from the environment (saved only on a change). */
function configure(app) {
  const header = proxyHeader();
  const want = header ? [header] : [];
  const current = app.settings().trustedProxy;
  const same = current.headers.length === want.length && want.every((h, i) => current.headers[i] === h) && !current.useLeftmostIP;
  if (!same) {
    const settings = app.settings().clone();
    unmarshal({ trustedProxy: { headers: want, useLeftmostIP: false } }, settings);
    app.save(settings);
  }
  return { header: header ? 'set' : 'none', changed: !same };
}

const isWellKnown = (header) => WELL_KNOWN.indexOf(String(header).trim().toLowerCase()) >= 0;

module.exports = { configure, proxyHeader, isWellKnown };

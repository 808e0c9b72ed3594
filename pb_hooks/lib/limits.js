/**
 * Per-IP rate limits with PocketBase's own limiter: submissions (any collection's create) and staff
 * sign-in attempts. Counts come from the environment; FORMWORK_RATE_LIMITS=off turns the limiter off
 * (the test harness does, since its suites submit hundreds of records from one address).
 */
const { env } = require(`${__hooks}/lib/env.js`);

function configure(app) {
  const settings = app.settings();
  const off = env('FORMWORK_RATE_LIMITS', 'on') === 'off';
  const rules = [
    { label: '*:create', audience: '@guest', duration: 60, maxRequests: Number(env('FORMWORK_RATE_LIMIT_CREATE', '10')) },
    { label: '*:auth', audience: '', duration: 60, maxRequests: Number(env('FORMWORK_RATE_LIMIT_AUTH', '5')) },
  ];
  unmarshal({ rateLimits: { enabled: !off, rules: rules } }, settings);
  app.save(settings);
}

module.exports = { configure };

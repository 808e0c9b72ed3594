// Flags every `pocketbase serve` of this project gets: `npm start` and the test harness (so the tests and
// the benchmark run the server as it ships).
//
// The hooks run in a pool of JS runtimes (goja); a request holds one while a hook of it runs (a page's
// headers; a submission from the start of its upload to its answer). When all are busy, PocketBase
// builds a throw-away runtime for the call, which must load the hooks' modules (the generated
// validators, the e-mail templates) again. At PocketBase's default of 15 a burst of submissions runs
// out (docs/performance.md, section 2). An idle runtime costs little memory; one that has loaded the
// hooks' modules a few MB.
export const DEFAULT_HOOKS_POOL = 40;

/**
 * PocketBase turns its dev mode on by itself when its binary lies under the system's temp folder (it
 * takes that for `go run`), and dev mode logs every SQL statement with its values and every e-mail:
 * SSNs, tokens, password hashes (issue 29, finding 5). So it is always said: off, unless
 * FORMWORK_DEV_LOGS=1 asks for those logs on a developer's machine.
 */
function devFlag(env) {
  return env.FORMWORK_DEV_LOGS === '1' ? '--dev=true' : '--dev=false';
}

/**
 * CORS: only the site's own origin may call the API from a browser (PocketBase's default is any). The
 * origins are FORMWORK_CORS_ORIGINS (comma-separated), else FORMWORK_PUBLIC_URL's, else the address served.
 */
function corsOrigins(env, servedUrl) {
  const listed = (env.FORMWORK_CORS_ORIGINS ?? '').split(',').map((o) => o.trim()).filter(Boolean);
  if (listed.length > 0) return listed.map(originOf);
  const url = env.FORMWORK_PUBLIC_URL || servedUrl;
  return url ? [originOf(url)] : [];
}

function originOf(url) {
  try {
    return new URL(url).origin;
  } catch {
    throw new Error(`not an address with a scheme and host: "${url}" (FORMWORK_PUBLIC_URL, FORMWORK_CORS_ORIGINS)`);
  }
}

/**
 * `--hooksPool N` (FORMWORK_HOOKS_POOL, else the default above; anything but a positive integer is
 * refused), `--dev=false` and `--origins`. `servedUrl`: the address the server listens on, the CORS origin
 * when no other is set.
 */
export function serveFlags(env = process.env, servedUrl = '') {
  const raw = env.FORMWORK_HOOKS_POOL ?? String(DEFAULT_HOOKS_POOL);
  if (!/^[1-9]\d{0,3}$/.test(raw)) throw new Error(`FORMWORK_HOOKS_POOL must be a positive integer, not "${raw}"`);
  const origins = corsOrigins(env, servedUrl);
  return ['--hooksPool', raw, devFlag(env), ...(origins.length > 0 ? [`--origins=${origins.join(',')}`] : [])];
}

/** A setting from the environment (secrets and deployment choices never live in the repository). */
function env(name, fallback) {
  const value = $os.getenv(name);
  return value === '' ? fallback : value;
}

/** A job's cron expression from the environment: the fallback when unset or blank, '' when "off". */
function cronSetting(name, fallback) {
  const raw = String(env(name, fallback)).trim() || fallback;
  return raw.toLowerCase() === 'off' ? '' : raw;
}

/** The site's public address without a trailing slash (FORMWORK_PUBLIC_URL), for links the server writes. */
function publicUrl() {
  return env('FORMWORK_PUBLIC_URL', 'http://127.0.0.1:8090').replace(/\/+$/, '');
}

module.exports = { env, cronSetting, publicUrl };

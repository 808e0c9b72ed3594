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

module.exports = { env, cronSetting };

/** A setting from the environment (secrets and deployment choices never live in the repository). */
function env(name, fallback) {
  const value = $os.getenv(name);
  return value === '' ? fallback : value;
}

module.exports = { env };

/**
 * Where uploaded files live: PocketBase's own S3 storage (dashboard: Settings → Files storage), set from
 * the environment at every start (FORMWORK_S3_*). With FORMWORK_S3_BUCKET set the environment owns the
 * settings (a dashboard change lasts until the next start); unset, the stored settings stay as they are
 * (local files under pb_data/storage, unless someone turned S3 on in the dashboard). docs/operations.md.

 */
const { env } = require(`${__hooks}/lib/env.js`);

const KEYS = ['bucket', 'region', 'endpoint', 'accessKey', 'secret', 'forcePathStyle'];

/** The S3 settings the environment asks for, or null when it says nothing (FORMWORK_S3_BUCKET unset). */
function wanted() {
  const bucket = env('FORMWORK_S3_BUCKET', '');
  if (!bucket) return null;
  const rawPathStyle = String(env('FORMWORK_S3_FORCE_PATH_STYLE', 'false')).trim().toLowerCase();
  if (rawPathStyle !== 'true' && rawPathStyle !== 'false') {
    throw new Error(`FORMWORK_S3_FORCE_PATH_STYLE must be true or false (got "${rawPathStyle}").`);
  }
  const s3 = {
    enabled: true,
    bucket: bucket,
    region: env('FORMWORK_S3_REGION', ''),
    endpoint: env('FORMWORK_S3_ENDPOINT', ''),
    accessKey: env('FORMWORK_S3_ACCESS_KEY', ''),
    secret: env('FORMWORK_S3_SECRET', ''),
    forcePathStyle: rawPathStyle === 'true',
  };
  const missing = [
    ['region', 'FORMWORK_S3_REGION'],
    ['endpoint', 'FORMWORK_S3_ENDPOINT'],
    ['accessKey', 'FORMWORK_S3_ACCESS_KEY'],
    ['secret', 'FORMWORK_S3_SECRET'],
  ].filter(([key]) => !s3[key]);
  if (missing.length > 0) {
    throw new Error(`FORMWORK_S3_BUCKET is set, so ${missing.map((m) => m[1]).join(', ')} must be set too.`);
  }
  return s3;
}

/**
 * Whether pb_data/storage holds any record's files. PocketBase does not move files when the storage
 * changes, so switching to S3 over local files would make every one of them unreachable.
 */
function hasLocalFiles(app) {
  let collections;
  try {
    collections = $os.readDir(`${app.dataDir()}/storage`);
  } catch (_) {
    return false; // no storage dir: nothing was ever uploaded locally
  }
  return collections.some((c) => {
    if (!c.isDir()) return false;
    try {
      return $os.readDir(`${app.dataDir()}/storage/${c.name()}`).length > 0;
    } catch (_) {
      return false;
    }
  });
}

/** Applies the environment's S3 settings (saving only on a change) and logs which storage is in force. */
function configure(app) {
  const want = wanted();
  const current = app.settings().s3;
  let changed = false;
  if (want) {
    changed = !current.enabled || KEYS.some((k) => current[k] !== want[k]);
    if (changed && !current.enabled && hasLocalFiles(app)) {
      throw new Error(
        `FORMWORK_S3_BUCKET is set but ${app.dataDir()}/storage still holds uploaded files, which PocketBase would no longer find. ` +
          `Copy the folder's contents to the bucket first (docs/operations.md, "Moving uploads to S3"), then move it aside.`,
      );
    }
    if (changed) {
      // A copy: if PocketBase refuses a value (an endpoint that is not a URL), the running settings stay.
      const settings = app.settings().clone();
      unmarshal({ s3: want }, settings);
      try {
        app.save(settings);
      } catch (err) {
        throw new Error(`PocketBase refused the file storage settings from the environment (FORMWORK_S3_*): ${err}`, { cause: err });
      }
    }
  }
  const s3 = app.settings().s3;
  const where = s3.enabled ? `s3://${s3.bucket} (${s3.endpoint})` : 'pb_data/storage';
  app.logger().info('storage', 'files', where, 'from', want ? 'environment' : 'stored settings', 'changed', changed);
  return { files: where, changed: changed };
}

module.exports = { configure, wanted };
